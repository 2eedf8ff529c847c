# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 SoilMoistureModel.forecast runs the fori_loop itself and calls self, whose BatchNorm is still in training mode and updates its batch statistics
"""Vineyard irrigation: forecast per-vine soil moisture for the coming week under a watering plan."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SoilMoistureModel(nnx.Module):
    def __init__(self, probes: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(probes, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.95, rngs=rngs)
        self.decode = nnx.Linear(hidden, probes, rngs=rngs)

    def __call__(self, moisture):
        return nnx.sigmoid(self.decode(nnx.relu(self.norm(self.encode(moisture)))))

    def forecast(self, moisture, watering):
        def day(t, m):
            drift = self(m)
            return jnp.clip(0.8 * m + 0.2 * drift + watering[t], 0.0, 1.0)

        return lax.fori_loop(0, watering.shape[0], day, moisture)


@dataclass
class BlockPlanner:
    block: str
    model: SoilMoistureModel


class IrrigationService:
    def __init__(self, planners: dict[str, BlockPlanner]):
        self.planners = planners

    def week_ahead(self, block: str, moisture, watering):
        planner = self.planners[block]
        final = planner.model.forecast(moisture, watering)
        return float((final < 0.25).mean())


def main():
    model = SoilMoistureModel(probes=3, hidden=12, rngs=nnx.Rngs(0))
    service = IrrigationService({"cabernet-north": BlockPlanner("cabernet-north", model)})
    moisture = jax.random.uniform(jax.random.key(1), (40, 3), minval=0.2, maxval=0.6)
    watering = jnp.array([0.0, 0.05, 0.0, 0.0, 0.05, 0.0, 0.0])[:, None, None] * jnp.ones((7, 40, 3))
    service.week_ahead("cabernet-north", moisture, watering)
    return None
