# label: ok
# flax-error: none
# class: 4 the dropout key in a frozen ForecastConfig held by the GarageForecaster that the CityDashboard holds is folded with the hour and passed as rngs= in the scan body
"""Parking garage occupancy: the city dashboard draws Monte Carlo dropout samples of the
next hours' occupancy of a garage to show an uncertainty band."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    horizon_hours: int
    noise_key: jax.Array


class OccupancyNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, features, rngs=None):
        h = self.drop(nnx.relu(self.hidden(features)), rngs=rngs)
        return nnx.sigmoid(self.out(h))[..., 0]  # fraction of bays taken


class GarageForecaster:
    def __init__(self, model: OccupancyNet, cfg: ForecastConfig):
        self.model, self.cfg = model, cfg


class CityDashboard:
    def __init__(self, forecaster: GarageForecaster):
        self.forecaster = forecaster

    def occupancy_samples(self, features):
        def body(carry, hour):
            hour_key = jax.random.fold_in(self.forecaster.cfg.noise_key, hour)
            occ = self.forecaster.model(features, rngs=hour_key)
            return carry, occ

        _, samples = lax.scan(body, None, jnp.arange(self.forecaster.cfg.horizon_hours))
        return samples


def main():
    # hour of day, weekday, event nearby, price level
    features = jnp.array([[0.7, 0.2, 1.0, 0.5], [0.75, 0.2, 1.0, 0.5]])
    cfg = ForecastConfig(horizon_hours=6, noise_key=jax.random.PRNGKey(21))
    dashboard = CityDashboard(GarageForecaster(OccupancyNet(nnx.Rngs(0)), cfg))
    return dashboard.occupancy_samples(features)
