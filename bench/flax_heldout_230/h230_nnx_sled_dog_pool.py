# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 model and nnx.Optimizer of a TrainingSession taken from a KennelService's session pool; the scan body calls service.session(team).train_step on them
"""Sled dog kennel: per-team fatigue models trained online by a service holding one session per team."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class SessionConfig:
    learning_rate: float = 1e-2
    hidden: int = 8


class FatigueNet(nnx.Module):
    def __init__(self, cfg: SessionConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


def fatigue_step(model, optimizer, batch):
    x, y = batch

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class TrainingSession:
    def __init__(self, cfg: SessionConfig, seed: int):
        self.model = FatigueNet(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        return fatigue_step(self.model, self.optimizer, batch)


class KennelService:
    def __init__(self, cfg: SessionConfig):
        self.cfg = cfg
        self._sessions = {}

    def session(self, team: str) -> TrainingSession:
        if team not in self._sessions:
            self._sessions[team] = TrainingSession(self.cfg, seed=len(self._sessions))
        return self._sessions[team]

    def fit(self, team, xs, ys):
        self.session(team)

        def body(carry, batch):
            return carry, self.session(team).train_step(batch)

        _, losses = lax.scan(body, None, (xs, ys))
        return losses


def main():
    service = KennelService(SessionConfig())
    xs = jax.random.normal(jax.random.key(0), (4, 6, 5))  # runs x dogs x (distance, pace, temp, load, rest)
    ys = jax.random.uniform(jax.random.key(1), (4, 6))
    service.fit("northern-team", xs, ys)
