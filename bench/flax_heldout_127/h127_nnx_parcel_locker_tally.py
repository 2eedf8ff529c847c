# label: trace-context
# flax-error: TraceContextError: Cannot mutate Tally from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a LockerMonitor's model attribute, whose Tally variable counts calls, is called in the scan body
"""Parcel locker occupancy: predicts per-bank occupancy hour by hour and tallies model calls."""
import jax
import jax.numpy as jnp
from flax import nnx


class Tally(nnx.Variable):
    """Bookkeeping counter, kept apart from the parameters."""


class OccupancyModel(nnx.Module):
    def __init__(self, n_banks, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_banks + 1, n_banks, rngs=rngs)
        self.calls = Tally(jnp.zeros((), jnp.int32))

    def __call__(self, occupancy, hour):
        self.calls.value += 1
        x = jnp.concatenate([occupancy, jnp.sin(hour * jnp.pi / 12.0)[None]])
        return nnx.sigmoid(self.proj(x))


class LockerMonitor:
    def __init__(self, n_banks=6, seed=0):
        self.model = OccupancyModel(n_banks, nnx.Rngs(seed))
        self.n_banks = n_banks

    def forecast_day(self, occupancy):
        def hour_step(occ, hour):
            occ = self.model(occ, hour)
            return occ, occ

        _, trajectory = jax.lax.scan(hour_step, occupancy, jnp.arange(24.0))
        return trajectory


def main():
    monitor = LockerMonitor()
    monitor.forecast_day(jnp.full((monitor.n_banks,), 0.4))
    int(monitor.model.calls.value)
    return None
