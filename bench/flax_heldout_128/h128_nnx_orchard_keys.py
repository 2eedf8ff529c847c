# label: same-values
# flax-error: none
# class: 3 FrostSampler draws one key from its nnx.Rngs when it is built; the fori_loop body passes sampler.key to the model's dropout every draw
"""Orchard frost protection: Monte-Carlo dropout spread of tonight's bud temperature.

The sampler takes its dropout key from an nnx.Rngs stream once and the forecaster
draws several stochastic passes over the same forecast with a fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class BudTemperatureNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, forecast, key):
        h = self.drop(nnx.relu(self.hidden(forecast)), deterministic=False, rngs=key)
        return self.out(h)[..., 0]


class FrostSampler:
    def __init__(self, rngs: nnx.Rngs, n_draws=6):
        self.key = rngs.dropout()
        self.n_draws = n_draws


class FrostForecaster:
    def __init__(self, model, sampler):
        self.model, self.sampler = model, sampler

    def draws(self, forecast):
        out = jnp.zeros((self.sampler.n_draws, forecast.shape[0]))

        def draw(i, out):
            return out.at[i].set(self.model(forecast, self.sampler.key))

        return jax.lax.fori_loop(0, self.sampler.n_draws, draw, out)


def main():
    # air temp, dew point, wind, cloud cover, soil temp for 3 orchard blocks
    forecast = jnp.array([[1.5, -2.0, 0.8, 0.1, 4.0], [0.9, -2.6, 0.3, 0.0, 3.2], [2.2, -1.1, 1.6, 0.4, 4.8]])
    rngs = nnx.Rngs(params=0, dropout=5)
    forecaster = FrostForecaster(BudTemperatureNet(rngs), FrostSampler(rngs))
    return forecaster.draws(forecast)
