# label: same-values
# flax-error: none
# class: 3 SwarmRiskSampler.sample runs lax_scan; the body clones the sampler's attribute self.rngs with nnx.clone and draws from the clone
"""Swarm-departure risk sampling for the bee-farm alerting service."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan as lax_scan


@dataclasses.dataclass(frozen=True)
class SwarmSignals:
    queen_cells: float = 0.8
    congestion: float = 0.6
    forage_flow: float = 0.7
    colony_age: float = 0.4

    def as_array(self):
        return jnp.array([self.queen_cells, self.congestion, self.forage_flow, self.colony_age])


class SwarmRiskModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, signals):
        return self.score(signals)[..., 0]


class SwarmRiskSampler:
    def __init__(self, model: SwarmRiskModel, seed: int, jitter: float = 0.5):
        self.model = model
        self.rngs = nnx.Rngs(risk=seed)
        self.jitter = jitter

    def sample(self, signals, n: int):
        base = self.model(signals)

        def draw(_, __):
            stream = nnx.clone(self.rngs)
            u = jax.random.uniform(stream.risk(), base.shape, minval=-1.0, maxval=1.0)
            return None, nnx.sigmoid(base + self.jitter * u)

        _, risks = lax_scan(draw, None, None, length=n)
        return risks


class AlertingService:
    def __init__(self, sampler: SwarmRiskSampler, horizon: int = 5):
        self.sampler = sampler
        self.horizon = horizon

    def risk_draws(self, yards):
        signals = jnp.stack([s.as_array() for s in yards])
        return self.sampler.sample(signals, self.horizon)


def main():
    model = SwarmRiskModel(rngs=nnx.Rngs(0))
    service = AlertingService(SwarmRiskSampler(model, seed=42))
    return service.risk_draws([SwarmSignals(), SwarmSignals(congestion=0.9)])
