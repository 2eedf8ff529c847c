# label: ok
# flax-error: none
# class: 3 the scan body calls self.predict, a functools.partial(model.apply, {"params": ...}, deterministic=False) kept on the forecaster; self.dropout_rng is split into one key per sample and the keys are the scanned input
"""Significant-wave-height forecaster for an offshore operations service: Monte-Carlo dropout
samples give the spread that the crane-lift planner uses as its weather window margin."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

BUOY_FEATURES = 9


class WaveForecaster(nn.Module):
    hidden: int = 32
    rate: float = 0.2

    @nn.compact
    def __call__(self, buoy, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(buoy))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class UncertaintyForecaster:
    def __init__(self, model, params, seed):
        self.predict = functools.partial(model.apply, {"params": params}, deterministic=False)
        self.dropout_rng = jax.random.PRNGKey(seed)

    def sample(self, buoy, num_samples):
        def one_sample(carry, key):
            hs = self.predict(buoy, rngs={"dropout": key})
            return carry, hs

        keys = jax.random.split(self.dropout_rng, num_samples)
        _, samples = jax.lax.scan(one_sample, None, keys)
        return samples

    def window_margin(self, samples):
        return jnp.percentile(samples, 90, axis=0) - jnp.median(samples, axis=0)


def main():
    model = WaveForecaster()
    buoy = jax.random.normal(jax.random.PRNGKey(0), (5, BUOY_FEATURES))
    params = model.init(jax.random.PRNGKey(1), buoy, deterministic=True)["params"]
    forecaster = UncertaintyForecaster(model, params, seed=7)
    samples = forecaster.sample(buoy, num_samples=16)
    forecaster.window_margin(samples)
    return samples
