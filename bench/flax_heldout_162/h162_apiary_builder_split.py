# label: ok
# flax-error: none
# class: 5 a fluent StepBuilder returns a step function closing over functools.partial(model.apply, variables); the dropout key travels in the carry and is split every step
"""Beehive telemetry: Monte-Carlo dropout gives an uncertainty band for the
predicted hive weight; the sampling step is assembled by a fluent builder."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class HiveWeightModel(nn.Module):
    @nn.compact
    def __call__(self, reading, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(reading))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


class StepBuilder:
    def __init__(self):
        self._model = None
        self._variables = None
        self._reading = None

    def model(self, model):
        self._model = model
        return self

    def variables(self, variables):
        self._variables = variables
        return self

    def reading(self, reading):
        self._reading = reading
        return self

    def build(self):
        apply = functools.partial(self._model.apply, self._variables, deterministic=False)
        reading = self._reading

        def step(key, _):
            key, sub = jax.random.split(key)
            return key, apply(reading, rngs={"dropout": sub})

        return step


def main():
    reading = jax.random.normal(jax.random.key(0), (3, 7))
    model = HiveWeightModel()
    variables = model.init(jax.random.key(1), reading)
    step = StepBuilder().model(model).variables(variables).reading(reading).build()
    _, samples = jax.lax.scan(step, jax.random.key(2), None, length=5)
    return samples
