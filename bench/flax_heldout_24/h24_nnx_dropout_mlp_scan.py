# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an MLP holding nnx.Dropout (with its own Rngs stream) is called directly in the raw lax.scan body, closed over from outside
# modelled on: google/flax issue #4151 "`nnx.Dropout` in combination with `jax.lax.scan` returns an error"
"""Apply a dropout MLP to a sequence of inputs with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(10, 64, rngs=rngs)
        self.linear2 = nnx.Linear(64, 10, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def summarize(ys):
    """Per-feature mean and spread of the stacked outputs."""
    return ys.mean(axis=(0, 1)), ys.std(axis=(0, 1))


def main():
    model = MLP(rngs=nnx.Rngs(0))
    xs = jnp.ones((6, 1, 10))
    print(model(xs[0]).shape)

    def scan_fn(carry, x):
        y = model(x)
        return carry + y.sum(), y

    total, ys = jax.lax.scan(scan_fn, jnp.zeros(()), xs)
    mean, std = summarize(ys)
    print(float(total), ys.shape, mean.shape, std.shape)
    return None
