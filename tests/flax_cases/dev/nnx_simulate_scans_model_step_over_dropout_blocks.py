# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a module-level function scans `model.step` of the model it is given; the method loops over an nnx.List of blocks whose nnx.Dropout holds its own streams
import jax
import jax.numpy as jnp
from flax import nnx

class ResBlock(nnx.Module):
    def __init__(self, rngs):
        self.ff = nnx.Linear(6, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return x + self.drop(self.ff(x))

class DeepTransition(nnx.Module):
    def __init__(self, rngs):
        self.blocks = nnx.List([ResBlock(rngs) for _ in range(3)])

    def step(self, h, u):
        for block in self.blocks:
            h = block(h + u)
        return h, h

def simulate(model, h0, inputs):
    return jax.lax.scan(model.step, h0, inputs)

def main():
    h0 = jnp.zeros(6)
    inputs = jnp.ones((5, 6))
    simulate(DeepTransition(nnx.Rngs(params=0, dropout=1)), h0, inputs)
