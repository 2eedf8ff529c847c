# label: ok
# flax-error: none
# class: 1 SnowpackSimulator.__call__ runs the scan itself; it draws self.make_rng("weather") once before the loop and folds it with the hour inside the body
"""Avalanche forecasting: a snowpack simulator draws hourly snowfall for each layer of the
pack; the forecaster looks at the sampled snowfall sequence."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SnowpackSimulator(nn.Module):
    layers: int = 5
    hours: int = 8

    @nn.compact
    def __call__(self, temperature):
        melt = self.param("melt_rate", nn.initializers.constant(0.05), (self.layers,))
        weather = self.make_rng("weather")

        def body(depth, hour):
            key = jax.random.fold_in(weather, hour)
            snowfall = 0.4 * jax.random.gamma(key, 2.0, (self.layers,))
            depth = jnp.maximum(depth + snowfall - melt * jnp.maximum(temperature, 0.0), 0.0)
            return depth, snowfall

        _, snowfall = jax.lax.scan(body, jnp.zeros(self.layers), jnp.arange(self.hours))
        return snowfall


class AvalancheForecaster:
    def __init__(self, seed=0):
        self.model = SnowpackSimulator()
        self.variables = self.model.init(
            {"params": jax.random.key(seed), "weather": jax.random.key(seed + 1)}, -2.0
        )

    def sample(self, temperature, key):
        return self.model.apply(self.variables, temperature, rngs={"weather": key})


def main():
    forecaster = AvalancheForecaster()
    return forecaster.sample(-3.0, jax.random.key(42))
