# label: ok
# flax-error: none
# class: 1 ClimateForecaster.evaluate_week runs the scan itself; the daily errors leave the body as the scan ys and its nnx.MultiMetric attribute is updated after the loop
"""Mushroom farm climate: a forecaster predicts CO2 and temperature of the growing rooms and
scores itself on a week of readings with nnx.metrics.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ClimateForecaster(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_sensors, 8, rngs=rngs)
        self.head = nnx.Linear(8, 2, rngs=rngs)
        self.metrics = nnx.MultiMetric(
            co2_mae=nnx.metrics.Average("co2_mae"),
            temp_mae=nnx.metrics.Average("temp_mae"),
        )

    def __call__(self, readings):
        return self.head(nnx.tanh(self.trunk(readings)))

    def evaluate_week(self, readings, targets):
        self.metrics.reset()

        def one_day(carry, day):
            x, y = day
            err = jnp.abs(self(x) - y).mean(axis=0)
            return carry, err

        _, daily = lax.scan(one_day, None, (readings, targets))
        self.metrics.update(co2_mae=daily[:, 0], temp_mae=daily[:, 1])
        return self.metrics.compute()


class RoomDashboard:
    def __init__(self, forecaster):
        self.forecaster = forecaster

    def weekly_summary(self, readings, targets):
        scores = self.forecaster.evaluate_week(readings, targets)
        return {name: float(value) for name, value in scores.items()}


def main():
    readings = jax.random.normal(jax.random.key(0), (7, 24, 4))
    targets = jax.random.normal(jax.random.key(1), (7, 24, 2))
    dashboard = RoomDashboard(ClimateForecaster(4, nnx.Rngs(0)))
    dashboard.weekly_summary(readings, targets)
    return None
