# label: ok
# flax-error: none
# class: 5 a factory builds functools.partial(model.apply, variables) that a YieldUncertainty object calls in the scan body with the dropout key folded with the step
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


def make_predictor(model, variables):
    return functools.partial(model.apply, variables, train=True)


class YieldUncertainty:
    def __init__(self, predict, key, n_samples):
        self.predict = predict
        self.key = key
        self.n_samples = n_samples

    def sample(self, feats):
        def draw(_, i):
            return None, self.predict(feats, rngs={"dropout": jax.random.fold_in(self.key, i)})

        _, samples = jax.lax.scan(draw, None, jnp.arange(self.n_samples))
        return samples  # [n_samples, n_fields]


def main():
    feats = jax.random.normal(jax.random.key(0), (12, 7))  # soil, rain, NDVI, ... per field
    model = YieldNet()
    variables = model.init(jax.random.key(1), feats)
    predict = make_predictor(model, variables)
    samples = YieldUncertainty(predict, jax.random.key(2), n_samples=8).sample(feats)
    return samples
