# label: ok
# flax-error: none
# class: 4 GateService.assign scans arrival waves; the body calls self.adapter.score, which applies the model with the batch_stats carried through the scan and returns the new ones
"""Stand/gate assignment service: scores each arrival wave against the gates still free."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class GateConfig:
    n_gates: int = 6
    hidden: int = 16
    momentum: float = 0.9


class GateScorer(nn.Module):
    cfg: GateConfig

    @nn.compact
    def __call__(self, flights, train: bool = False):
        h = nn.Dense(self.cfg.hidden)(flights)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum)(h)
        return nn.Dense(self.cfg.n_gates)(nn.relu(h))


class ScoringAdapter:
    """Keeps the parameters so request handlers can call the model like a plain function."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]

    def score(self, batch_stats, wave):
        logits, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, wave, train=True, mutable=["batch_stats"]
        )
        return logits, updates["batch_stats"]

    def snapshot(self, batch_stats):
        return {"params": self.params, "batch_stats": batch_stats}


class GateService:
    def __init__(self, cfg: GateConfig, key):
        self.cfg = cfg
        self.model = GateScorer(cfg)
        self.variables = self.model.init(key, jnp.zeros((4, 5)))
        self.adapter = ScoringAdapter(self.model, self.variables)

    def assign(self, waves):
        def body(carry, wave):
            occupancy, stats = carry
            logits, stats = self.adapter.score(stats, wave)
            gates = jnp.argmax(logits - 10.0 * occupancy, axis=-1)
            occupancy = occupancy + jax.nn.one_hot(gates, self.cfg.n_gates).sum(0)
            return (occupancy, stats), gates

        init = (jnp.zeros(self.cfg.n_gates), self.variables["batch_stats"])
        (occupancy, stats), gates = jax.lax.scan(body, init, waves)
        self.variables = self.adapter.snapshot(stats)
        return occupancy, gates

    def audit(self, flights):
        return self.model.apply(self.variables, flights, train=False)


def main():
    service = GateService(GateConfig(), jax.random.key(0))
    waves = jax.random.normal(jax.random.key(1), (5, 4, 5))
    service.assign(waves)
    service.audit(waves[0]).block_until_ready()
    return None
