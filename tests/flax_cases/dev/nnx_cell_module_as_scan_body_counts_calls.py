# label: trace-context
# flax-error: TraceContextError: Cannot mutate Calls from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an NNX cell held by the model is the scan body itself (`lax.scan(self.cell, ...)`); its `__call__` counts its calls in an nnx.Variable subclass
import jax
import jax.numpy as jnp
from flax import nnx


class Calls(nnx.Variable):
    pass


class GatedCell(nnx.Module):
    def __init__(self, features, rngs):
        self.gate = nnx.Linear(features, features, rngs=rngs)
        self.calls = Calls(jnp.array(0))

    def __call__(self, h, x):
        self.calls.value += 1
        h = jax.nn.sigmoid(self.gate(x)) * h + x
        return h, h


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.cell = GatedCell(4, rngs)

    def __call__(self, xs):
        return jax.lax.scan(self.cell, jnp.zeros(xs.shape[1:]), xs)[1]


def main():
    Encoder(nnx.Rngs(0))(jnp.ones((5, 2, 4)))
