# label: same-values
# flax-error: none
# class: 5 Compose of transform objects; MonteCarloDropout keeps functools.partial(model.apply, variables, rngs={"dropout": key}) built once, called in every scan step
"""Retail demand planning: Monte Carlo dropout scenarios of next-month SKU demand."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class SkuDemandNet(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, features, deterministic=False):
        h = nn.gelu(nn.Dense(32)(features))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class Standardize:
    def __init__(self, mean, std):
        self.mean, self.std = mean, std

    def __call__(self, x, step):
        return (x - self.mean) / self.std


class MonteCarloDropout:
    def __init__(self, model, variables, key):
        self.forward = functools.partial(model.apply, variables, rngs={"dropout": key})

    def __call__(self, x, step):
        return self.forward(x)


class Compose:
    def __init__(self, *transforms):
        self.transforms = transforms

    def __call__(self, x, step):
        for t in self.transforms:
            x = t(x, step)
        return x


def sample_scenarios(pipeline, features, n_scenarios):
    def one(carry, step):
        return carry, pipeline(features, step)

    _, draws = jax.lax.scan(one, None, jnp.arange(n_scenarios))
    return draws


def main():
    features = jax.random.uniform(jax.random.key(0), (12, 7)) * 50.0  # SKUs x (price, promo, stock, ...)
    model = SkuDemandNet()
    variables = model.init(jax.random.key(1), features, deterministic=True)
    pipeline = Compose(
        Standardize(features.mean(0), features.std(0) + 1e-6),
        MonteCarloDropout(model, variables, jax.random.key(2)),
    )
    return sample_scenarios(pipeline, features, n_scenarios=5)
