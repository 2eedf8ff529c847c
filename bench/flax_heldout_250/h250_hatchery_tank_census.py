# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "census" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 count_until_full hands its locals model and variables straight into the while_loop body, which calls model.apply(variables, reading)
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
    def not_full(state):
        i, total = state
        return (i < readings.shape[0]) & (total < capacity)

    def count_one(state):
        i, total = state
        return i + 1, total + model.apply(variables, readings[i])

    return while_loop(not_full, count_one, (jnp.int32(0), jnp.float32(0.0)))


def raceway_readings(n=6, sensors=4):
    return jnp.linspace(0.2, 1.4, n * sensors).reshape(n, sensors)


def main():
    readings = raceway_readings()
    model, variables = load_census_model(readings.shape[1])
    steps, total = count_until_full(model, variables, readings, capacity=3.0)
    jax.block_until_ready((steps, total))
    return None
