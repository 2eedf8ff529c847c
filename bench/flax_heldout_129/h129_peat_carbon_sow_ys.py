# label: ok
# flax-error: none
# class: 1 BogSeasonModel.__call__ runs the scan itself; each step's flux leaves through the scan outputs and is sown once after the loop
"""Seasonal carbon-flux model for peat bog monitoring stations.

A recurrent cell turns weekly water-table and temperature readings into net CO2 flux; the
season model rolls it over the season and records the flux for the reporting pipeline.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CarbonFluxCell(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, h, x):
        h = nn.tanh(nn.Dense(self.features, name="mix")(jnp.concatenate([h, x], axis=-1)))
        flux = nn.Dense(1, name="flux")(h)[..., 0]
        return h, flux


class BogSeasonModel(nn.Module):
    features: int = 8

    def setup(self):
        self.cell = CarbonFluxCell(self.features)

    def __call__(self, readings):  # readings: (weeks, stations, channels)
        h0 = jnp.zeros(readings.shape[1:-1] + (self.features,))
        if self.is_initializing():
            self.cell(h0, readings[0])

        def week(h, x):
            h, flux = self.cell(h, x)
            return h, flux

        h, fluxes = scan(week, h0, readings)
        self.sow("diagnostics", "flux", fluxes)
        return h


def seasonal_report(diagnostics):
    fluxes = jnp.concatenate(diagnostics["flux"])
    return {"net": fluxes.sum(axis=0), "peak": fluxes.max(axis=0)}


def main():
    model = BogSeasonModel()
    readings = jax.random.normal(jax.random.key(3), (12, 4, 3))
    variables = model.init(jax.random.key(0), readings)
    _, state = model.apply({"params": variables["params"]}, readings, mutable=["diagnostics"])
    report = seasonal_report(state["diagnostics"])
    assert report["net"].shape == (4,)
    return None
