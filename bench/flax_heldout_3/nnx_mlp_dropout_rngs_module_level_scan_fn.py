# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX MLP holding Dropout(rngs=...) called in train mode inside a raw lax.scan over batches
"""Shape from google/flax issue #4151 (`nnx.Dropout` in combination with `jax.lax.scan`): an MLP
with linear1 / dropout / linear2 called from a scan function defined at module level."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(10, 32, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)
        self.linear2 = nnx.Linear(32, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


model = None


def scan_fn(carry, x):
    y = model(x)
    return carry + y.sum(), y


def main():
    global model
    model = MLP(rngs=nnx.Rngs(0))
    model(jnp.ones((1, 10)))
    total, ys = jax.lax.scan(scan_fn, 0.0, jnp.ones((6, 1, 10)))
    return ys
