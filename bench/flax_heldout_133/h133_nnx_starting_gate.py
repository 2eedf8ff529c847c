# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a GateEvaluator reaches the model through self.service.model (a ReactionService built from a nested GateConfig); the fori_loop body calls it while it is still in training mode
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class NetConfig:
    features: int = 4
    hidden: int = 8
    dropout: float = 0.1


@dataclass(frozen=True)
class GateConfig:
    stalls: int = 8
    replays: int = 5
    net: NetConfig = field(default_factory=NetConfig)


class ReactionNet(nnx.Module):
    """Predicts how quickly a horse breaks from the starting stalls."""

    def __init__(self, cfg: NetConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.features, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.out(self.drop(nnx.relu(self.norm(self.inp(x)))))


class ReactionService:
    def __init__(self, cfg: GateConfig):
        self.cfg = cfg
        self.model = ReactionNet(cfg.net, nnx.Rngs(0, dropout=1))


class GateEvaluator:
    def __init__(self, service: ReactionService):
        self.service = service

    def replay_break(self, stalls):
        def replay(i, x):
            return self.service.model(x)

        return lax.fori_loop(0, self.service.cfg.replays, replay, stalls)


def main():
    cfg = GateConfig()
    service = ReactionService(cfg)
    stalls = jnp.linspace(-1.0, 1.0, cfg.stalls * cfg.net.features).reshape(cfg.stalls, cfg.net.features)
    evaluator = GateEvaluator(service)
    jax.block_until_ready(evaluator.replay_break(stalls))
    return None
