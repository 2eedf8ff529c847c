# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local NNX model with BatchNorm in train mode is closed over by the scan body
"""Autoregressive rollout of an NNX forecaster (Linear + BatchNorm) with a raw jax.lax.scan.

Shape of the reports: NNX modules are "just Python objects", so the user closes over the
model in a plain `jax.lax.scan` body; BatchNorm is still in training mode and tries to
update its running statistics from inside the scan.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.out(nnx.relu(self.norm(self.inp(x))))


def main():
    model = Forecaster(4, rngs=nnx.Rngs(0))
    x0 = jnp.ones((8, 4))
    model(x0)

    def body(x, _):
        x = model(x)
        return x, x.mean()

    _, means = jax.lax.scan(body, x0, None, length=6)
    print(means)
    return None
