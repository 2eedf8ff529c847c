# label: same-values
# flax-error: none
# class: 5 the scan body is wrapped in jax.checkpoint and calls a Dropout layer that draws self.make_rng('dropout')
"""Monte-Carlo dropout uncertainty, samples drawn with a raw lax.scan.

Shape of the StackOverflow question "MC dropout in Flax gives zero variance":
the regressor's predict_mc method scans over sample indices, the body is
rematerialized with jax.checkpoint to save memory, and every sample uses the
same dropout mask.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Regressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    def setup(self):
        self.fc1 = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate)
        self.fc2 = nn.Dense(1)

    def __call__(self, x, deterministic=True):
        h = nn.relu(self.fc1(x))
        h = self.drop(h, deterministic=deterministic)
        return self.fc2(h)

    def predict_mc(self, x, num_samples=10):
        @jax.checkpoint
        def one_sample(carry, i):
            y = self(x, deterministic=False)
            return carry, y

        _, ys = lax.scan(one_sample, None, jnp.arange(num_samples))
        return ys


def main():
    model = Regressor()
    x = jnp.linspace(-1.0, 1.0, 12).reshape(6, 2)
    variables = model.init(jax.random.PRNGKey(0), x)
    samples = model.apply(variables, x, method=Regressor.predict_mc,
                          rngs={'dropout': jax.random.PRNGKey(1)})
    return samples
