# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX MLP holding nnx.Dropout with its own Rngs is captured by closure and called inline in the jax.lax.scan body
"""NNX MLP with dropout, evaluated over a stack of batches with `jax.lax.scan`.

Modelled on google/flax#4151 (`nnx.Dropout` in combination with `jax.lax.scan`): an MLP
with `nnx.Dropout(rate, rngs=rngs)` is built once and called from a plain scan body that
closes over it, in training mode.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def main():
    model = MLP(10, 32, 10, rngs=nnx.Rngs(0))
    model.train()
    batches = jnp.ones((5, 2, 10))

    def scan_fn(total, x):
        y = model(x)
        return total + jnp.mean(y), None

    total, _ = jax.lax.scan(scan_fn, jnp.zeros(()), batches)
    total.block_until_ready()
    return None
