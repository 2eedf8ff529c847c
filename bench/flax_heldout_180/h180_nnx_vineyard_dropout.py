# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 MoistureRollout.rollout runs the scan itself and its body calls self.step, whose Dropout draws from the module's own Rngs stream
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

    def step(self, moisture, evaporation):
        h = self.dropout(nnx.relu(self.encoder(moisture)))
        return jnp.clip(moisture + 0.05 * jnp.tanh(self.head(h)) - evaporation, 0.0, 1.0)

    def rollout(self, moisture, evaporation):
        def day(moisture, evap):
            moisture = self.step(moisture, evap)
            return moisture, moisture

        _, trajectory = lax.scan(day, moisture, evaporation)
        return trajectory


class IrrigationScheduler:
    def __init__(self, model: MoistureRollout, threshold: float = 0.25):
        self.model = model
        self.threshold = threshold

    def plan(self, moisture, evaporation):
        trajectory = self.model.rollout(moisture, evaporation)
        return trajectory, trajectory < self.threshold


def main():
    rows, days = 6, 14
    model = MoistureRollout(rows, 24, rngs=nnx.Rngs(0, dropout=1))
    evaporation = 0.01 + 0.005 * jnp.sin(jnp.arange(days) / 2.0)
    trajectory, _ = IrrigationScheduler(model).plan(jnp.full((rows,), 0.4), evaporation)
    return trajectory
