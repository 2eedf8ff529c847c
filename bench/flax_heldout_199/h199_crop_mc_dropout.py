# label: same-values
# flax-error: none
# class: 5 a factory builds functools.partial(model.apply, variables, rngs={"dropout": key}) that a YieldUncertainty object calls in the scan body
"""Monte-Carlo dropout uncertainty for field-level crop-yield predictions."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class YieldNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, feats, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(feats))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[:, 0]


def make_predictor(model, variables, key):
    return functools.partial(model.apply, variables, train=True, rngs={"dropout": key})


class YieldUncertainty:
    def __init__(self, predict, n_samples):
        self.predict = predict
        self.n_samples = n_samples

    def sample(self, feats):
        def draw(_, i):
            return None, self.predict(feats)

        _, samples = jax.lax.scan(draw, None, jnp.arange(self.n_samples))
        return samples  # [n_samples, n_fields]


def main():
    feats = jax.random.normal(jax.random.key(0), (12, 7))  # soil, rain, NDVI, ... per field
    model = YieldNet()
    variables = model.init(jax.random.key(1), feats)
    predict = make_predictor(model, variables, jax.random.key(2))
    samples = YieldUncertainty(predict, n_samples=8).sample(feats)
    return samples
