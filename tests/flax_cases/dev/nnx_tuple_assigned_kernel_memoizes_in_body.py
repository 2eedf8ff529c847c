# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'DeepKernel' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a plain regressor sets `self.kernel, self.noise = kernel, noise` by tuple assignment; the fori_loop body calls the NNX deep kernel, which stores its features on itself (`self.last_features = ...`)
"""A Gaussian-process style regressor holding an NNX deep kernel; `fit` applies the kernel
matrix three times in a jax.lax.fori_loop, and the kernel keeps the last features it computed."""
import jax
import jax.numpy as jnp
from flax import nnx


class DeepKernel(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(1, 4, rngs=rngs)
        self.last_features = None

    def __call__(self, xa, xb):
        self.last_features = self.net(xa)
        return self.last_features @ self.net(xb).T


class Regressor:
    def __init__(self, kernel, noise):
        self.kernel, self.noise = kernel, noise

    def fit(self, x, y):
        def body(i, v):
            return self.kernel(x, x) @ v + self.noise * v
        return jax.lax.fori_loop(0, 3, body, y)


def main():
    out = Regressor(DeepKernel(nnx.Rngs(0)), 0.1).fit(jnp.ones((5, 1)), jnp.ones(5))
    jax.tree.map(lambda a: a + 0, out)
