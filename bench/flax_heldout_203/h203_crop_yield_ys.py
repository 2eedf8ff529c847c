# label: ok
# flax-error: none
# class: 1 the YieldForecaster's own season method runs the scan and returns each week's canopy state as the scan's ys
"""Crop yield forecasting: roll a weekly canopy model over the growing season and keep the
weekly canopy states for the agronomy report."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CanopyCell(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, canopy, weather):
        gate = nn.sigmoid(nn.Dense(self.width)(weather))
        growth = nn.softplus(nn.Dense(self.width)(canopy))
        return canopy + 0.1 * gate * growth


class YieldForecaster(nn.Module):
    width: int = 8

    def setup(self):
        self.cell = CanopyCell(self.width)
        self.readout = nn.Dense(1)

    def season(self, weather):
        canopy = jnp.zeros((weather.shape[1], self.width))
        self.cell(canopy, weather[0])

        def week(canopy, weather_week):
            canopy = self.cell(canopy, weather_week)
            return canopy, canopy

        canopy, weekly = scan(week, canopy, weather)
        self.sow("intermediates", "canopy", weekly)
        return self.readout(canopy).squeeze(-1)

    def __call__(self, weather):
        return self.season(weather)


class AgronomyReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, weather):
        yields, state = self.model.apply(self.variables, weather, mutable=["intermediates"])
        weekly = state["intermediates"]["canopy"]
        peak = jnp.max(jnp.stack([jnp.mean(c, axis=(1, 2)) for c in weekly]))
        return yields, peak


def main():
    weeks, fields, feats = 10, 5, 4
    weather = jax.random.normal(jax.random.key(11), (weeks, fields, feats))
    model = YieldForecaster()
    variables = model.init(jax.random.key(0), weather)
    yields, peak = AgronomyReport(model, variables).run(weather)
    print("yields", yields.shape, "peak canopy", float(peak))
    return None
