# label: ok
# flax-error: none
# class: 3 the scan body calls self.model of an MCDropout object; the key built from its self.seed is split in the carry
"""Monte Carlo dropout with an NNX model: many stochastic passes collected with jax.lax.scan.

The key made from the seed is the scan carry; each pass splits it and builds its
`nnx.Rngs` from the fresh subkey.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = nnx.relu(self.hidden(x))
        return self.out(self.drop(h, rngs=rngs))


class MCDropout:
    def __init__(self, model, seed, passes=8):
        self.model = model
        self.seed = seed
        self.passes = passes

    def predict(self, x):
        def one_pass(key, _):
            key, sub = jax.random.split(key)
            y = self.model(x, rngs=nnx.Rngs(dropout=sub))
            return key, y

        _, ys = jax.lax.scan(one_pass, jax.random.key(self.seed), None, length=self.passes)
        return ys


def main():
    model = Regressor(3, rngs=nnx.Rngs(0))
    x = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    return MCDropout(model, seed=7).predict(x)
