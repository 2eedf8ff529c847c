# label: ok
# flax-error: none
# class: 1 MoistureRollout.rollout runs the scan itself; dropout keys split from one key before the loop enter the body as scan inputs
"""Vineyard irrigation planner: stochastic soil-moisture rollouts per vine row.

Dropout stays active during planning so that repeated rollouts give a spread of futures;
the per-day moisture of one rollout is returned to the irrigation scheduler.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class MoistureRollout(nnx.Module):
    def __init__(self, rows: int, hidden: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(rows, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, rows, rngs=rngs)

    def step(self, moisture, evaporation, key):
        h = self.dropout(nnx.relu(self.encoder(moisture)), rngs=key)
        return jnp.clip(moisture + 0.05 * jnp.tanh(self.head(h)) - evaporation, 0.0, 1.0)

    def rollout(self, moisture, evaporation, key):
        keys = jax.random.split(key, evaporation.shape[0])

        def day(moisture, inputs):
            evap, day_key = inputs
            moisture = self.step(moisture, evap, day_key)
            return moisture, moisture

        _, trajectory = lax.scan(day, moisture, (evaporation, keys))
        return trajectory


class IrrigationScheduler:
    def __init__(self, model: MoistureRollout, rngs: nnx.Rngs, threshold: float = 0.25):
        self.model = model
        self.rngs = rngs
        self.threshold = threshold

    def plan(self, moisture, evaporation):
        trajectory = self.model.rollout(moisture, evaporation, self.rngs.dropout())
        return trajectory, trajectory < self.threshold


def main():
    rows, days = 6, 14
    rngs = nnx.Rngs(0, dropout=1)
    model = MoistureRollout(rows, 24, rngs=rngs)
    evaporation = 0.01 + 0.005 * jnp.sin(jnp.arange(days) / 2.0)
    trajectory, _ = IrrigationScheduler(model, rngs).plan(jnp.full((rows,), 0.4), evaporation)
    return trajectory
