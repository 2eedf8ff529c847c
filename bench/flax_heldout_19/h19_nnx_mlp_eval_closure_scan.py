# label: ok
# flax-error: none
# class: 1 an NNX MLP with nnx.Dropout, switched to eval(), is captured by closure and called inline in the jax.lax.scan body
"""NNX MLP with dropout, evaluated over a stack of batches with `jax.lax.scan` at inference.

Modelled on google/flax#4151 (`nnx.Dropout` with `jax.lax.scan`) and the read-only closure
request google/flax#5291: the same MLP, put in evaluation mode with `model.eval()` before
the scan that closes over it.
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
    model.eval()
    batches = jnp.ones((5, 2, 10))

    def scan_fn(total, x):
        y = model(x)
        return total + jnp.mean(y), None

    total, _ = jax.lax.scan(scan_fn, jnp.zeros(()), batches)
    total.block_until_ready()
    return None
