# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GlacierMelt.season runs lax.scan itself and the first call of its setup submodule (parameter creation at init) happens inside the body
"""Glacier surface melt: a degree-day style energy-balance model stepped over a melt season,
initialised and then run by a small monitoring service."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class GlacierMelt(nn.Module):
    bands: int = 4

    def setup(self):
        self.energy_balance = nn.Dense(self.bands)
        self.albedo_decay = self.param("albedo_decay", nn.initializers.constant(0.9), ())

    def season(self, forcing):
        def day(snowpack, weather):
            melt = nn.relu(self.energy_balance(weather)) * (1.0 - self.albedo_decay)
            snowpack = jnp.maximum(snowpack - melt, 0.0)
            return snowpack, jnp.sum(melt)

        snowpack, melt = lax.scan(day, jnp.full(self.bands, 5.0), forcing)
        return snowpack, melt


class MeltService:
    def __init__(self, seed=0):
        self.model = GlacierMelt()
        self.seed = seed
        self.variables = None

    def warm_up(self, forcing):
        self.variables = self.model.init(jax.random.key(self.seed), forcing,
                                         method=GlacierMelt.season)

    def forecast(self, forcing):
        _, melt = self.model.apply(self.variables, forcing, method=GlacierMelt.season)
        return jnp.cumsum(melt)


def main():
    forcing = jax.random.normal(jax.random.key(8), (20, 3))
    service = MeltService()
    service.warm_up(forcing)
    service.forecast(forcing).block_until_ready()
    return None
