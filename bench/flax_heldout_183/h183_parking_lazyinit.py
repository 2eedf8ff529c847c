# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 session.variables (attribute of one object) created lazily by the first predict call, which happens inside the while_loop body
"""Parking garage occupancy service: a pool of per-garage sessions forecasts free bays."""
import dataclasses
from typing import Dict, Optional

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GarageSpec:
    name: str
    bays: int
    levels: int = 3


class OccupancyNet(nn.Module):
    levels: int

    @nn.compact
    def __call__(self, occupancy):
        h = nn.tanh(nn.Dense(16)(occupancy))
        return jax.nn.sigmoid(nn.Dense(self.levels)(h))


class GarageSession:
    def __init__(self, spec: GarageSpec, seed: int):
        self.spec = spec
        self.model = OccupancyNet(spec.levels)
        self.seed = seed
        self.variables: Optional[dict] = None

    def predict(self, occupancy):
        if self.variables is None:  # lazy: build parameters on first use
            self.variables = self.model.init(jax.random.key(self.seed), occupancy)
        return self.model.apply(self.variables, occupancy)

    def forecast_until_full(self, occupancy, threshold=0.95, max_hours=24):
        def not_full(state):
            hour, occ = state
            return (hour < max_hours) & (jnp.mean(occ) < threshold)

        def next_hour(state):
            hour, occ = state
            return hour + 1, jnp.clip(occ + 0.1 * self.predict(occ), 0.0, 1.0)

        return jax.lax.while_loop(not_full, next_hour, (0, occupancy))


class OccupancyService:
    def __init__(self):
        self._sessions: Dict[str, GarageSession] = {}

    def session(self, spec: GarageSpec) -> GarageSession:
        if spec.name not in self._sessions:
            self._sessions[spec.name] = GarageSession(spec, seed=len(self._sessions))
        return self._sessions[spec.name]


def main():
    service = OccupancyService()
    spec = GarageSpec("riverside", bays=420)
    now = jnp.array([0.4, 0.55, 0.7])
    hours, _ = service.session(spec).forecast_until_full(now)
    free = spec.bays * (1.0 - service.session(spec).predict(now).mean())
    jax.block_until_ready((hours, free))
    return None
