# label: ok
# flax-error: none
# class: 2 count_until_full hands its locals model and variables into the while_loop body, which applies with mutable=["census"] and threads the census collection through the loop state
"""Fry census for the hatchery: count tank readings until a raceway reaches capacity."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class FryCounter(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, reading):
        seen = self.variable("census", "seen", lambda: jnp.zeros((), jnp.int32))
        estimate = nn.softplus(nn.Dense(1)(nn.tanh(nn.Dense(self.features)(reading))))
        seen.value = seen.value + 1
        return estimate.squeeze()


def load_census_model(sensors: int, seed: int = 4):
    model = FryCounter()
    variables = model.init(jax.random.key(seed), jnp.zeros((sensors,)))
    return model, variables


def count_until_full(model, variables, readings, capacity):
    params = {"params": variables["params"]}

    def not_full(state):
        i, total, _ = state
        return (i < readings.shape[0]) & (total < capacity)

    def count_one(state):
        i, total, census = state
        estimate, mutated = model.apply({**params, "census": census}, readings[i], mutable=["census"])
        return i + 1, total + estimate, mutated["census"]

    steps, total, census = while_loop(not_full, count_one, (jnp.int32(0), jnp.float32(0.0), variables["census"]))
    return steps, total, {**params, "census": census}


def raceway_readings(n=6, sensors=4):
    return jnp.linspace(0.2, 1.4, n * sensors).reshape(n, sensors)


def main():
    readings = raceway_readings()
    model, variables = load_census_model(readings.shape[1])
    steps, total, variables = count_until_full(model, variables, readings, capacity=3.0)
    jax.block_until_ready((steps, total, variables))
    return None
