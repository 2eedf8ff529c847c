# label: ok
# flax-error: none
# class: 5 a functools.partial(model.apply, mutable=["cache"]) kept on a RoutePlanner is called in the scan body with the cache in the carry
"""Leg-by-leg ETA decoder for container vessels; the recurrent state lives in a `cache` collection."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LegDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, leg):  # leg: [distance_nm, wind, current, port_congestion]
        state = self.variable("cache", "state", jnp.zeros, (self.hidden,))
        h = nn.tanh(nn.Dense(self.hidden, name="inp")(leg) + nn.Dense(self.hidden, name="rec")(state.value))
        state.value = h
        hours = nn.softplus(nn.Dense(1, name="hours")(h))[0]
        return hours * leg[0] / 12.0


class RoutePlanner:
    def __init__(self, model, variables):
        self.params = variables["params"]
        self.cache = variables["cache"]
        self.decode_leg = functools.partial(model.apply, mutable=["cache"])

    def eta(self, legs):
        def leg_step(carry, leg):
            elapsed, cache = carry
            hours, updates = self.decode_leg({"params": self.params, "cache": cache}, leg)
            return (elapsed + hours, updates["cache"]), elapsed + hours

        (total, self.cache), arrivals = lax.scan(leg_step, (jnp.zeros(()), self.cache), legs)
        return total, arrivals


def main():
    legs = jnp.abs(jax.random.normal(jax.random.key(0), (9, 4))) * jnp.array([200.0, 1.0, 1.0, 1.0])
    model = LegDecoder()
    variables = model.init(jax.random.key(1), legs[0])
    planner = RoutePlanner(model, variables)
    planner.eta(legs)
    return None
