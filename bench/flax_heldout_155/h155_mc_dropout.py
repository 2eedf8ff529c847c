# label: same-values
# flax-error: none
# class: 2 the local dropout key of predict_mc() goes into the scan body directly and is passed to apply on every step
"""Monte Carlo dropout for predictive uncertainty.

Shaped like the question "MC dropout gives zero variance": T stochastic forward passes are
written as a lax.scan, but the dropout key is closed over and reused by every pass.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Regressor(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def predict_mc(model, variables, x, key, samples=8):
    def body(_, __):
        y = model.apply(variables, x, train=True, rngs={"dropout": key})
        return None, y

    _, ys = lax.scan(body, None, None, length=samples)
    return ys


def main():
    model = Regressor()
    x = jnp.linspace(-1.0, 1.0, 6)[:, None]
    variables = model.init(jax.random.key(0), x)
    ys = predict_mc(model, variables, x, jax.random.key(7))
    print(ys.mean(0).ravel(), ys.std(0).ravel())
    return ys
