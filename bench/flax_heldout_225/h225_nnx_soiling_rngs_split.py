# label: ok
# flax-error: none
# class: 3 the 'weather' stream of PanelFleet.rngs is drawn once before the scan and split into per-day keys passed as xs to fleet.sample_dust()
"""Solar panel soiling (NNX): daily dust draws for a fleet of panel strings and the cleaning trigger."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PanelFleet(nnx.Module):
    def __init__(self, strings: int, rngs: nnx.Rngs):
        self.strings = strings
        self.deposition = nnx.Linear(3, strings, rngs=rngs)
        self.rngs = rngs

    def sample_dust(self, site, key=None):
        key = self.rngs.weather() if key is None else key
        rate = nnx.softplus(self.deposition(site))
        return rate * jax.random.gamma(key, 2.0, (self.strings,))


def forecast_cleaning(fleet: PanelFleet, site, days: int, threshold: float = 3.0):
    def day(soiling, key):
        dust = fleet.sample_dust(site, key)
        soiling = soiling + 0.01 * dust
        return jnp.where(soiling.mean() > threshold, 0.0, soiling), dust

    keys = jax.random.split(fleet.rngs.weather(), days)
    _, dust = lax.scan(day, jnp.zeros((fleet.strings,)), keys)
    return dust


def main():
    fleet = PanelFleet(strings=8, rngs=nnx.Rngs(params=0, weather=11))
    site = jnp.array([0.8, 0.1, 0.35])
    return forecast_cleaning(fleet, site, days=12)
