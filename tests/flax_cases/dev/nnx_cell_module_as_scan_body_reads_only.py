# label: ok
# flax-error: none
# class: 5 an NNX cell held by the model is the scan body itself (`lax.scan(self.cell, ...)`); it only reads its parameters
import jax
import jax.numpy as jnp
from flax import nnx


class Calls(nnx.Variable):
    pass


class GatedCell(nnx.Module):
    def __init__(self, features, rngs):
        self.gate = nnx.Linear(features, features, rngs=rngs)
        self.decay = 0.5

    def __call__(self, h, x):
        h = jax.nn.sigmoid(self.gate(x)) * h + x
        return h, h


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.cell = GatedCell(4, rngs)

    def __call__(self, xs):
        return jax.lax.scan(self.cell, jnp.zeros(xs.shape[1:]), xs)[1]


def main():
    Encoder(nnx.Rngs(0))(jnp.ones((5, 2, 4)))
