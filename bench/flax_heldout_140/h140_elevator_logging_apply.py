# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak_temp" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables) wrapped by a with_logging decorator factory, built by build_forecaster and held by ForecastJob
"""Elevator maintenance: brake-temperature forecasts with a logging wrapper around apply."""
import functools
import logging

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

log = logging.getLogger("elevator.brake")


class BrakeThermalModel(nn.Module):
    @nn.compact
    def __call__(self, reading, train: bool = True):
        peak = self.variable("stats", "peak_temp", jnp.zeros, ())
        temp = nn.Dense(1)(nn.relu(nn.Dense(4)(reading)))[..., 0]
        if train:
            peak.value = jnp.maximum(peak.value, temp.max())
        return temp


def with_logging(name):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            log.debug("calling %s", name)
            out = fn(*args, **kwargs)
            log.debug("%s returned shape %s", name, getattr(out, "shape", None))
            return out

        return wrapper

    return decorate


def build_forecaster(model, variables):
    return with_logging("brake_forecast")(functools.partial(model.apply, variables))


class ForecastJob:
    def __init__(self, forecast):
        self.forecast = forecast

    def run(self, readings):
        def step(hottest, reading):
            temp = self.forecast(reading)
            return jnp.maximum(hottest, temp.max()), temp

        hottest, _ = lax.scan(step, jnp.float32(-jnp.inf), readings)
        return hottest


def main():
    model = BrakeThermalModel()
    readings = jax.random.uniform(jax.random.key(4), (9, 3, 5)) * 90.0
    variables = model.init(jax.random.key(0), readings[0])
    job = ForecastJob(build_forecaster(model, variables))
    job.run(readings)
    return None
