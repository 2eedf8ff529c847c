# label: same-values
# flax-error: none
# class: 4 MeltEvaluator -> EnsembleRunner.members[0] -> model.bind(variables, rngs={"dropout": key}); the scan body calls the bound member, whose Dropout draws its station mask
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
        self.module = model.bind(variables, rngs={"dropout": key})

    def __call__(self, temps):
        return self.module(temps, deterministic=False)


class EnsembleRunner:
    def __init__(self, model: MeltForecaster, variables, members: int, seed: int):
        keys = jax.random.split(jax.random.key(seed), members)
        self.members = [EnsembleMember(model, variables, k) for k in keys]


class MeltEvaluator:
    def __init__(self, runner: EnsembleRunner):
        self.runner = runner

    def forecast(self, daily_temps, member: int = 0):
        def day(total, temps):
            melt, keep = self.runner.members[member](temps)
            return total + melt, keep

        return scan(day, jnp.zeros(()), daily_temps)


def main():
    model = MeltForecaster()
    daily_temps = 2.0 + jax.random.normal(jax.random.key(11), (10, model.stations))
    variables = model.init(jax.random.key(0), daily_temps[0])
    evaluator = MeltEvaluator(EnsembleRunner(model, variables, members=4, seed=3))
    _, masks = evaluator.forecast(daily_temps)
    return masks  # station mask per day, day on axis 0
