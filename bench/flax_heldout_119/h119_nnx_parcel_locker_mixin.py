# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a RolloutMixin method on the wrapper scans a body that calls self.model, whose nnx.Dropout draws from the model's nnx.Rngs stream
"""Parcel locker network: stochastic (dropout-sampled) forecasts of compartment occupancy across
the day, used to decide when to open overflow lockers."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class OccupancyNet(nnx.Module):
    def __init__(self, lockers: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(lockers, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.dec = nnx.Linear(32, lockers, rngs=rngs)

    def __call__(self, occupancy):
        return jax.nn.sigmoid(self.dec(self.drop(nnx.relu(self.enc(occupancy)))))


class RolloutMixin:
    """Adds a multi-step rollout to any wrapper exposing `self.model` and `self.horizon`."""

    def rollout(self, start):
        def tick(occupancy, _):
            occupancy = self.model(occupancy)
            return occupancy, occupancy

        _, path = jax.lax.scan(tick, start, None, length=self.horizon)
        return path


class LockerForecaster(RolloutMixin):
    def __init__(self, model: OccupancyNet, horizon: int):
        self.model = model
        self.horizon = horizon


def main():
    model = OccupancyNet(10, rngs=nnx.Rngs(params=0, dropout=1))
    forecaster = LockerForecaster(model, horizon=8)
    start = jax.random.uniform(jax.random.key(2), (10,))
    return forecaster.rollout(start)
