# label: ok
# flax-error: none
# class: 3 a RolloutMixin method on the wrapper nnx.splits self.model, carries its state (rng counts included) through the scan, merges it in the body and nnx.updates the model after
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
        graphdef, state = nnx.split(self.model)

        def tick(carry, _):
            state, occupancy = carry
            model = nnx.merge(graphdef, state)
            occupancy = model(occupancy)
            return (nnx.state(model), occupancy), occupancy

        (state, _), path = jax.lax.scan(tick, (state, start), None, length=self.horizon)
        nnx.update(self.model, state)
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
