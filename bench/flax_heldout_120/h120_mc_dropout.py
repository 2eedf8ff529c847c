# label: same-values
# flax-error: none
# class: 3 the scan body applies self.variables of an UncertaintyEstimator with the estimator's self.dropout_key
"""Monte Carlo dropout: average many stochastic forward passes to get a predictive spread.

Modelled on MC-dropout questions where the passes are run with jax.lax.scan and the dropout
key stored on the estimator object is handed to every pass.
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
        def one_pass(carry, _):
            y = self.model.apply(
                self.variables, x, deterministic=False, rngs={"dropout": self.dropout_key}
            )
            return carry, y

        _, ys = jax.lax.scan(one_pass, 0, None, length=self.passes)
        return ys


def main():
    model = Regressor()
    x = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    variables = model.init(jax.random.key(0), x, deterministic=True)
    estimator = UncertaintyEstimator(model, variables, jax.random.key(7))
    ys = estimator.predict(x)
    return ys
