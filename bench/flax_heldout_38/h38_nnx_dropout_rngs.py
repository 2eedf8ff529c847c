# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the RNN cell's nnx.Dropout keeps the Rngs it was built with and is called inside the raw scan step, which advances the RngCount inside the scan
"""RNN cell with dropout on the recurrent state, written as an NNX module and unrolled
with a raw scan over time. The Dropout layer holds the Rngs passed at construction, so
every call draws a new key from it. main returns the per-step masks."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class DropoutRNNCell(nnx.Module):
    def __init__(self, din, dhidden, rate, *, rngs: nnx.Rngs):
        self.ih = nnx.Linear(din, dhidden, rngs=rngs)
        self.hh = nnx.Linear(dhidden, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, h, x, key=None):
        mask = self.dropout(jnp.ones_like(h), rngs=key)
        h = jnp.tanh(self.ih(x) + self.hh(h * mask))
        return h, mask


def main():
    cell = DropoutRNNCell(4, 8, 0.5, rngs=nnx.Rngs(params=0, dropout=1))
    xs = jnp.ones((6, 3, 4))

    def step(h, x):
        return cell(h, x)

    _, masks = scan(step, jnp.zeros((3, 8)), xs)
    return masks
