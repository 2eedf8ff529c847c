# label: ok
# flax-error: none
# class: 4 the while_loop body calls HiveForecaster.adapter, a SensorAdapter that folds the day into the key it drew from an nnx.Rngs stream when built
"""Apiary monitoring: forecast hive weight under sensor noise for the coming days.

A SensorAdapter sits between raw scale readings and the forecasting model and simulates
sensor noise so the forecaster sees realistic inputs for every simulated day.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class HiveWeightModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.trend = nnx.Linear(features, features, rngs=rngs)

    def __call__(self, reading):
        return reading + 0.05 * nnx.tanh(self.trend(reading))


class SensorAdapter:
    def __init__(self, model: HiveWeightModel, rngs: nnx.Rngs, noise: float = 0.1):
        self.model = model
        self.key = rngs.noise()
        self.noise = noise

    def __call__(self, reading, day):
        jitter = self.noise * jax.random.normal(jax.random.fold_in(self.key, day), reading.shape)
        return self.model(reading + jitter)


class HiveForecaster:
    def __init__(self, adapter: SensorAdapter, days: int):
        self.adapter = adapter
        self.days = days

    def forecast(self, reading):
        out = jnp.zeros((self.days,) + reading.shape)

        def cond(state):
            return state[0] < self.days

        def body(state):
            day, out = state
            return day + 1, out.at[day].set(self.adapter(reading, day))

        _, out = while_loop(cond, body, (0, out))
        return out


def main():
    model = HiveWeightModel(4, nnx.Rngs(params=0))
    adapter = SensorAdapter(model, nnx.Rngs(noise=3))
    per_day = HiveForecaster(adapter, days=5).forecast(jnp.array([31.2, 29.8, 33.5, 30.1]))
    print("forecast spread", float(jnp.std(per_day, axis=0).mean()))
    return per_day
