# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls service.pool[region].predict, a session holding an NNX model with BatchNorm left in train mode
"""Bike-share dock service: per-region sessions forecast dock fill levels for the next hours;
the service rolls each region's forecast forward hour by hour."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class FillForecaster(nnx.Module):
    def __init__(self, docks: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(docks + 1, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, docks, rngs=rngs)

    def __call__(self, fill, hour):
        x = jnp.concatenate([fill, jnp.broadcast_to(hour, fill.shape[:-1] + (1,))], axis=-1)
        return jax.nn.sigmoid(self.out(nnx.relu(self.norm(self.inp(x)))))


@dataclasses.dataclass
class RegionSession:
    region: str
    model: FillForecaster
    requests: int = 0

    def predict(self, fill, hour):
        self.requests += 1
        return self.model(fill, hour)


class DockService:
    def __init__(self, regions, docks=6, hidden=16):
        self.pool = {
            name: RegionSession(name, FillForecaster(docks, hidden, rngs=nnx.Rngs(i)))
            for i, name in enumerate(regions)
        }

    def rollout(self, region, fill, hours):
        def next_hour(state, hour):
            state = self.pool[region].predict(state, hour)
            return state, state.mean()

        return jax.lax.scan(next_hour, fill, hours)


def main():
    service = DockService(["harbour", "old_town", "campus"])
    fill = jax.random.uniform(jax.random.key(0), (8, 6))
    final, mean_fill = service.rollout("old_town", fill, jnp.arange(12.0) / 24.0)
    jax.block_until_ready(final)
    return None
