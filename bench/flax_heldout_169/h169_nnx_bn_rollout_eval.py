# label: ok
# flax-error: none
# class: 2 a local NNX model is closed over by the scan body after model.eval(), so BatchNorm only reads its statistics
"""Autoregressive rollout of an NNX forecaster (Linear + BatchNorm) with a raw jax.lax.scan.

The working twin: the model is switched to evaluation mode before the rollout, so the
closed-over BatchNorm reads its running statistics and writes nothing inside the scan.
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
    model.eval()

    def body(x, _):
        x = model(x)
        return x, x.mean()

    _, means = jax.lax.scan(body, x0, None, length=6)
    print(means)
    return None
