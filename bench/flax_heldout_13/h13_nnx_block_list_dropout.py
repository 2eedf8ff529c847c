# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an nnx.List of residual blocks, each with stored-Rngs Dropout, is iterated inside a raw lax.scan body over timesteps
import jax
import jax.numpy as jnp
from flax import nnx


class ResBlock(nnx.Module):
    def __init__(self, dim, rate, rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.ff = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x):
        return x + self.drop(nnx.gelu(self.ff(self.norm(x))))


class DeepTransition(nnx.Module):
    def __init__(self, dim, depth, rngs):
        self.blocks = nnx.List([ResBlock(dim, 0.1, rngs) for _ in range(depth)])
        self.readout = nnx.Linear(dim, 1, rngs=rngs)

    def step(self, h, u):
        for block in self.blocks:
            h = block(h + u)
        return h, self.readout(h)


def simulate(model, h0, inputs):
    return jax.lax.scan(model.step, h0, inputs)


def main():
    model = DeepTransition(6, 3, nnx.Rngs(params=0, dropout=1))
    inputs = jax.random.normal(jax.random.key(2), (5, 2, 6))
    simulate(model, jnp.zeros((2, 6)), inputs)
    return None
