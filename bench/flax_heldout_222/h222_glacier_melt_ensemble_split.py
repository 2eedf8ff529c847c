# label: ok
# flax-error: none
# class: 4 MeltEvaluator -> EnsembleRunner.members[0] -> model and variables; the member key is split per day before the scan and each day applies the model with its own dropout key
"""Glacier hydrology: Monte-Carlo dropout ensemble forecasting daily meltwater from station temperatures."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class MeltForecaster(nn.Module):
    stations: int = 6
    rate: float = 0.3

    @nn.compact
    def __call__(self, temps, deterministic: bool = True):
        keep = nn.Dropout(self.rate)(jnp.ones(self.stations), deterministic=deterministic)
        melt = nn.softplus(nn.Dense(1)(temps * keep))[0]
        return melt, keep


class EnsembleMember:
    def __init__(self, model: MeltForecaster, variables, key):
        self.model, self.variables, self.key = model, variables, key

    def __call__(self, temps, key):
        return self.model.apply(self.variables, temps, deterministic=False, rngs={"dropout": key})


class EnsembleRunner:
    def __init__(self, model: MeltForecaster, variables, members: int, seed: int):
        keys = jax.random.split(jax.random.key(seed), members)
        self.members = [EnsembleMember(model, variables, k) for k in keys]


class MeltEvaluator:
    def __init__(self, runner: EnsembleRunner):
        self.runner = runner

    def forecast(self, daily_temps, member: int = 0):
        day_keys = jax.random.split(self.runner.members[member].key, daily_temps.shape[0])

        def day(total, inputs):
            temps, key = inputs
            melt, keep = self.runner.members[member](temps, key)
            return total + melt, keep

        return scan(day, jnp.zeros(()), (daily_temps, day_keys))


def main():
    model = MeltForecaster()
    daily_temps = 2.0 + jax.random.normal(jax.random.key(11), (10, model.stations))
    variables = model.init(jax.random.key(0), daily_temps[0])
    evaluator = MeltEvaluator(EnsembleRunner(model, variables, members=4, seed=3))
    _, masks = evaluator.forecast(daily_temps)
    return masks  # station mask per day, day on axis 0
