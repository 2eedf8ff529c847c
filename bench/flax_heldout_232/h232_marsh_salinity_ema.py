# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "salinity" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body is wrapped in jax.checkpoint and closes over the 'ema' salinity variable, which it updates in training mode
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn


class GaugeBatch(NamedTuple):
    salinity: jax.Array
    inundation: jax.Array


class SalinityTracker(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, batch: GaugeBatch, train: bool = False):
        ema = self.variable("ema", "salinity", lambda: jnp.zeros(batch.salinity.shape[-1]))
        exposure = nn.Dense(batch.salinity.shape[-1], name="exposure")
        baseline = exposure(batch.inundation[0])

        def tide(level, inputs):
            salinity, inundation = inputs
            if train:
                ema.value = self.decay * ema.value + (1.0 - self.decay) * salinity
            stress = jnp.abs(salinity - ema.value) + exposure(inundation)
            return level + stress.mean(), stress

        tide = jax.checkpoint(tide)
        level, stress = jax.lax.scan(tide, baseline.mean(), (batch.salinity, batch.inundation))
        return level, stress


def gauge_batch(days: int = 6, gauges: int = 3) -> GaugeBatch:
    t = jnp.arange(days, dtype=jnp.float32)[:, None]
    g = jnp.arange(gauges, dtype=jnp.float32)[None, :]
    return GaugeBatch(salinity=30.0 + jnp.sin(t + g), inundation=jnp.cos(0.5 * t - g))


class CreekForecaster:
    def __init__(self, tracker: SalinityTracker):
        self.tracker = tracker

    def fit_variables(self, batch):
        return self.tracker.init(jax.random.key(21), batch, train=False)

    def forecast(self, variables, batch):
        return self.tracker.apply(variables, batch, train=True)


def main():
    batch = gauge_batch()
    forecaster = CreekForecaster(SalinityTracker())
    variables = forecaster.fit_variables(batch)
    level, stress = forecaster.forecast(variables, batch)
    jax.block_until_ready((level, stress))
    return None
