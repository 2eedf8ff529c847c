# label: ok
# flax-error: none
# class: 3 the scan body applies self.variables of an UncertaintyEstimator; its dropout key is split in the carry
"""Monte Carlo dropout: average many stochastic forward passes to get a predictive spread.

The estimator's key enters the scan as the carry and is split at every pass, so each pass
drops a different set of units.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)


class UncertaintyEstimator:
    def __init__(self, model, variables, dropout_key, passes=8):
        self.model = model
        self.variables = variables
        self.dropout_key = dropout_key
        self.passes = passes

    def predict(self, x):
        def one_pass(key, _):
            key, sub = jax.random.split(key)
            y = self.model.apply(self.variables, x, deterministic=False, rngs={"dropout": sub})
            return key, y

        _, ys = jax.lax.scan(one_pass, self.dropout_key, None, length=self.passes)
        return ys


def main():
    model = Regressor()
    x = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    variables = model.init(jax.random.key(0), x, deterministic=True)
    estimator = UncertaintyEstimator(model, variables, jax.random.key(7))
    ys = estimator.predict(x)
    return ys
