# label: ok
# flax-error: none
# class: 5 per-sample dropout keys reach the fori_loop body through make_sampler(), a factory returning a step built on functools.partial(model.apply, ...) that indexes split keys
"""Beekeeping: Monte Carlo dropout estimate of colony-collapse risk per hive."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class HiveHealthNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, telemetry, train: bool = False):
        h = nn.gelu(nn.Dense(self.hidden, name="brood")(telemetry))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1, name="collapse")(h))[..., 0]


def make_sampler(model, variables, dropout_keys):
    predict = partial(model.apply, variables, train=True)

    def sample(i, samples, telemetry):
        return samples.at[i].set(predict(telemetry, rngs={"dropout": dropout_keys[i]}))

    return sample


class RiskEstimator:
    def __init__(self, model, variables, n_samples=8):
        self.model = model
        self.variables = variables
        self.n_samples = n_samples

    def samples(self, telemetry, key):
        step = make_sampler(self.model, self.variables, jax.random.split(key, self.n_samples))
        buffer = jnp.zeros((self.n_samples, telemetry.shape[0]))
        return lax.fori_loop(0, self.n_samples, lambda i, s: step(i, s, telemetry), buffer)


def main():
    model = HiveHealthNet()
    telemetry = jnp.linspace(-1.0, 1.0, 6 * 7).reshape(6, 7)
    variables = model.init(jax.random.key(0), telemetry)
    estimator = RiskEstimator(model, variables)
    return estimator.samples(telemetry, jax.random.key(7))
