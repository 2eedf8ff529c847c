# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an NNX model with BatchNorm in training mode is closed over and called inside a raw lax.scan body
"""Port of a PyTorch temporal CNN block (Linear + BatchNorm1d applied at every timestep) to NNX:
the `for t in range(T)` loop became jax.lax.scan and the model is simply captured by the body."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.bn = nnx.BatchNorm(dout, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


def main():
    model = Block(4, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 16, 4))

    def step(carry, x):
        y = model(x)
        return carry + y.mean(), y

    total, ys = jax.lax.scan(step, jnp.zeros(()), xs)
    ys.block_until_ready()
    return None
