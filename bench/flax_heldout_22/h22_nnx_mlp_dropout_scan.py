# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the nnx.Module (with an nnx.Dropout holding its Rngs) is called inline in the raw lax.scan body
# modelled on: google/flax#4151 `nnx.Dropout` in combination with `jax.lax.scan` returns an error
"""Monte-Carlo evaluation of an MLP regressor over a stack of input batches."""

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


def predict_batches(model, batches):
    def scan_fn(total, x):
        y = model(x)
        return total + y.sum(), y

    return jax.lax.scan(scan_fn, jnp.zeros(()), batches)


def summarize(ys):
    """Mean and spread of the per-batch predictions."""
    flat = ys.reshape(ys.shape[0], -1)
    return {"mean": flat.mean(axis=1), "std": flat.std(axis=1)}


def main():
    model = MLP(10, 32, 2, rngs=nnx.Rngs(0))
    model(jnp.ones((1, 10)))  # eager call
    batches = jax.random.normal(jax.random.key(1), (5, 4, 10))
    total, ys = predict_batches(model, batches)
    stats = summarize(ys)
    print("total", float(total), "per-batch mean", stats["mean"])
    return ys
