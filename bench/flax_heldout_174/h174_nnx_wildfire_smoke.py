# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 instrumented_forecaster(model) returns functools.partial(_advance_plume, model); the while_loop body calls it and the CallCountingMixin bumps the model's CallCounter variable
"""Wildfire smoke plume forecasting for air-quality alerts.

Models used by the alerting service mix in call counting (the ops dashboard shows
how many forecast steps each model ran); the alert job advances the plume hour by
hour until the concentration drops below the alert threshold.
"""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class CallCounter(nnx.Variable):
    pass


class CallCountingMixin:
    def _count_call(self):
        self.calls[...] += 1


class PlumeModel(CallCountingMixin, nnx.Module):
    def __init__(self, n_cells, rngs: nnx.Rngs):
        self.advect = nnx.Linear(n_cells, n_cells, rngs=rngs)
        self.calls = CallCounter(jnp.zeros((), jnp.int32))

    def __call__(self, concentration, wind):
        self._count_call()
        moved = self.advect(concentration * (1.0 + 0.1 * wind))
        return 0.8 * jax.nn.softplus(moved) / concentration.shape[-1]


def _advance_plume(model, concentration, wind):
    return model(concentration, wind)


def instrumented_forecaster(model):
    return functools.partial(_advance_plume, model)


class SmokeAlertJob:
    def __init__(self, forecaster, threshold, max_hours):
        self.forecaster = forecaster
        self.threshold = threshold
        self.max_hours = max_hours

    def hours_until_clear(self, concentration, wind):
        def still_smoky(state):
            hour, c = state
            return (hour < self.max_hours) & (jnp.max(c) > self.threshold)

        def next_hour(state):
            hour, c = state
            return hour + 1, self.forecaster(c, wind)

        hours, _ = while_loop(still_smoky, next_hour, (0, concentration))
        return hours


def main():
    model = PlumeModel(n_cells=10, rngs=nnx.Rngs(0))
    concentration = jax.random.uniform(jax.random.key(1), (10,), minval=0.5, maxval=3.0)
    wind = jax.random.normal(jax.random.key(2), (10,))
    job = SmokeAlertJob(instrumented_forecaster(model), threshold=0.01, max_hours=24)
    job.hours_until_clear(concentration, wind)
    return None
