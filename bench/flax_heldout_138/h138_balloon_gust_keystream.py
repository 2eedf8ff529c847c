# label: same-values
# flax-error: none
# class: 5 AscentPlanner.make_step() returns a step closure over model.apply and a key generator; next(self.gusts) is drawn inside the scan body
"""Station-keeping drift forecast for hot-air balloon flights.

While the pilot holds a target altitude, the planner samples the lateral
drift minute by minute; gust keys come from a generator shared across the
planner's forecasts.
"""
from typing import Iterator

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def gust_keys(seed: int) -> Iterator[jax.Array]:
    key = jax.random.key(seed)
    while True:
        key, sub = jax.random.split(key)
        yield sub


class GustResponse(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, altitude_profile):
        gust = 0.4 * jax.random.normal(self.make_rng("gust"), altitude_profile.shape)
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([altitude_profile, gust])))
        return nn.Dense(2)(h)  # east / north drift in km


class AscentPlanner:
    def __init__(self, model: nn.Module, variables, seed: int):
        self.model = model
        self.variables = variables
        self.gusts = gust_keys(seed)

    def make_step(self, altitude_profile):
        apply = self.model.apply
        variables = self.variables

        def step(position, _):
            drift = apply(variables, altitude_profile, rngs={"gust": next(self.gusts)})
            return position + drift, drift

        return step

    def forecast(self, altitude_profile, minutes: int):
        step = self.make_step(altitude_profile)
        _, drifts = scan(step, jnp.zeros(2), None, length=minutes)
        return drifts


def main():
    model = GustResponse()
    profile = jnp.array([1.2, 1.25, 1.3, 1.28])  # km, four sensors on the envelope
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, profile)
    planner = AscentPlanner(model, variables, seed=17)
    return planner.forecast(profile, minutes=8)
