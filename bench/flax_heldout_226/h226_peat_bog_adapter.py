# label: same-values
# flax-error: none
# class: 4 the UncertaintyService asks its CarbonFluxAdapter, which holds model.bind(variables, rngs={"dropout": key}), for a dropout sample in every scan step
"""Peat bog carbon flux: Monte Carlo dropout samples from a bound model give a flux uncertainty."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FluxModel(nn.Module):
    rate: float = 0.25

    @nn.compact
    def __call__(self, plot, sample: bool = False):
        h = nn.relu(nn.Dense(20, name="water_table")(plot))
        h = nn.Dropout(self.rate, deterministic=not sample, name="mc_dropout")(h)
        return nn.Dense(2, name="co2_ch4")(h)


class CarbonFluxAdapter:
    """Adapts the Linen model to the service's predict(plot) interface."""

    def __init__(self, model, variables, dropout_key):
        self.bound = model.bind(variables, rngs={"dropout": dropout_key})

    def predict(self, plot):
        return self.bound(plot, sample=True)


class UncertaintyService:
    def __init__(self, adapter, samples=8):
        self.adapter = adapter
        self.samples = samples

    def flux_samples(self, plot):
        def draw(count, _):
            flux = self.adapter.predict(plot)
            return count + 1, flux

        _, fluxes = lax.scan(draw, 0, None, length=self.samples)
        return fluxes


def main():
    model = FluxModel()
    plot = jnp.array([0.42, -0.15, 12.5, 0.8, 3.1, 0.05])
    variables = model.init(jax.random.key(0), plot)
    service = UncertaintyService(CarbonFluxAdapter(model, variables, jax.random.key(9)))
    return service.flux_samples(plot)
