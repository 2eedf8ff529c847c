# label: ok
# flax-error: none
# class: 5 make_ensemble_step(model, variables) returns a jax.checkpoint-wrapped step taking the rng key; the scan carries the key and splits a fresh sensor key for every ensemble member
"""Ski resort snowmaking: ensemble of wet-bulb forecasts to schedule snow guns.

Each ensemble member perturbs the slope sensor readings with learned sensor noise;
the blocks are rematerialized because the production model runs on long station grids.
"""
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class SlopeBlock(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(self.features, name="mix")(nn.gelu(nn.LayerNorm(name="ln")(x)))


class WetBulbForecaster(nn.Module):
    noise_scale: float = 0.4

    @nn.compact
    def __call__(self, readings):
        noise = jax.random.normal(self.make_rng("sensor"), readings.shape)
        h = nn.Dense(16, name="stations")(readings + self.noise_scale * noise)
        for i in range(2):
            h = nn.remat(SlopeBlock)(name=f"block_{i}")(h)
        return nn.Dense(1, name="wet_bulb_c")(h)[..., 0]


def make_ensemble_step(model: nn.Module, variables) -> Callable:
    def member(readings, key):
        return model.apply(variables, readings, rngs={"sensor": key})

    return jax.checkpoint(member)


class SnowGunScheduler:
    def __init__(self, member_fn: Callable, members: int = 6, threshold_c: float = -2.5):
        self.member_fn, self.members, self.threshold_c = member_fn, members, threshold_c

    def ensemble(self, readings, key):
        def one(key, _):
            key, sensor_key = jax.random.split(key)
            return key, self.member_fn(readings, sensor_key)

        _, forecasts = scan(one, key, None, length=self.members)
        return forecasts


def main():
    readings = jax.random.normal(jax.random.key(0), (10, 5))  # 10 slope stations x 5 sensors
    model = WetBulbForecaster()
    variables = model.init({"params": jax.random.key(1), "sensor": jax.random.key(2)}, readings)
    scheduler = SnowGunScheduler(make_ensemble_step(model, variables))
    forecasts = scheduler.ensemble(readings, jax.random.key(3))
    return forecasts
