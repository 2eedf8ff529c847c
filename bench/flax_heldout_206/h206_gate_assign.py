# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 GateService.assign scans arrival waves; the body calls self.adapter.score, whose model.bind(..., mutable=['batch_stats']) module rewrites running stats inside the scan
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
    """Keeps a bound model so request handlers can call it like a plain function."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def score(self, wave):
        return self.bound(wave, train=True)

    def snapshot(self):
        return self.bound.variables


class GateService:
    def __init__(self, cfg: GateConfig, key):
        self.cfg = cfg
        self.model = GateScorer(cfg)
        self.variables = self.model.init(key, jnp.zeros((4, 5)))
        self.adapter = ScoringAdapter(self.model, self.variables)

    def assign(self, waves):
        def body(occupancy, wave):
            logits = self.adapter.score(wave)
            gates = jnp.argmax(logits - 10.0 * occupancy, axis=-1)
            occupancy = occupancy + jax.nn.one_hot(gates, self.cfg.n_gates).sum(0)
            return occupancy, gates

        occupancy, gates = jax.lax.scan(body, jnp.zeros(self.cfg.n_gates), waves)
        self.variables = self.adapter.snapshot()
        return occupancy, gates

    def audit(self, flights):
        return self.model.apply(self.variables, flights, train=False)


def main():
    service = GateService(GateConfig(), jax.random.key(0))
    waves = jax.random.normal(jax.random.key(1), (5, 4, 5))
    service.assign(waves)
    service.audit(waves[0]).block_until_ready()
    return None
