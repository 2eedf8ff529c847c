# label: trace-context
# flax-error: TraceContextError: Cannot mutate OccupancyEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the GarageService reaches self.tracker.observe(), which writes the tracker's OccupancyEMA (an nnx.Variable subclass) inside the while_loop body
"""Parking garage guidance: the service feeds entrance-camera counts level by level into
an occupancy model until it finds a level with free bays; the tracker keeps a smoothed
occupancy in its own Variable type so that checkpoints can filter it out."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class OccupancyEMA(nnx.Variable):
    pass


class GarageTracker(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs, decay: float = 0.9):
        self.net = nnx.Linear(n_features, 1, rngs=rngs)
        self.ema = OccupancyEMA(jnp.zeros(()))
        self.decay = decay

    def occupancy(self, counts):
        return nnx.sigmoid(self.net(counts)).mean()

    def observe(self, counts):
        occ = self.occupancy(counts)
        self.ema[...] = self.decay * self.ema[...] + (1.0 - self.decay) * occ
        return occ


class GarageService:
    def __init__(self, tracker, full_threshold=0.95):
        self.tracker = tracker
        self.full_threshold = full_threshold

    def first_free_level(self, level_counts):
        def searching(state):
            level, occ = state
            return (level < level_counts.shape[0]) & (occ >= self.full_threshold)

        def next_level(state):
            level, _ = state
            occ = self.tracker.observe(level_counts[level])
            return level + 1, occ

        level, _ = lax.while_loop(searching, next_level, (jnp.int32(0), jnp.ones(())))
        return level - 1


def main():
    counts = jax.random.uniform(jax.random.key(7), (6, 20, 3))  # levels x bays x (in, out, dwell)
    service = GarageService(GarageTracker(3, nnx.Rngs(0)))
    service.first_free_level(counts)
    return None
