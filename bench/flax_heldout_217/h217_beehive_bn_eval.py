# label: ok
# flax-error: none
# class: 2 the local `variables` of forecast_season goes straight into the scan body, which applies the BatchNorm model in evaluation mode (running averages)
"""Beehive weight monitoring: forecast weekly nectar-flow weight gain across an apiary.

Scale readings from every hive in the yard are normalised together, so the model uses
BatchNorm over hives; the season forecast rolls forward one week at a time.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class HiveGainModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, readings, train: bool):
        # readings: [hives, features] (weight kg, brood temp, humidity, forager count)
        x = nn.Dense(self.hidden)(readings)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95, name="yard_norm")(x)
        return nn.Dense(1)(nn.swish(x))[..., 0]


def forecast_season(model, variables, weekly_weather, start_readings, train=False):
    def week(readings, weather):
        gain = model.apply(variables, readings + weather, train=train)
        readings = readings.at[:, 0].add(gain)
        return readings, gain.mean()

    _, mean_gain = lax.scan(week, start_readings, weekly_weather)
    return mean_gain


def main():
    hives, weeks = 10, 12
    key_r, key_w = jax.random.split(jax.random.key(7))
    readings = jnp.abs(jax.random.normal(key_r, (hives, 4))) * jnp.array([40.0, 35.0, 0.6, 20.0])
    weather = 0.1 * jax.random.normal(key_w, (weeks, 1, 4))
    model = HiveGainModel()
    variables = model.init(jax.random.key(0), readings, train=False)
    mean_gain = forecast_season(model, variables, weather, readings)
    mean_gain.block_until_ready()
    return None
