# label: same-values
# flax-error: none
# class: 3 the scan body calls self.model of an MCDropout object, rebuilding nnx.Rngs from its self.seed every pass
"""Monte Carlo dropout with an NNX model: many stochastic passes collected with jax.lax.scan.

Modelled on NNX questions where fresh `nnx.Rngs` are built inside the loop body to avoid
mutating the outer Rngs, but from the same seed on every pass.
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
        def one_pass(carry, _):
            y = self.model(x, rngs=nnx.Rngs(dropout=self.seed))
            return carry, y

        _, ys = jax.lax.scan(one_pass, None, None, length=self.passes)
        return ys


def main():
    model = Regressor(3, rngs=nnx.Rngs(0))
    x = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    return MCDropout(model, seed=7).predict(x)
