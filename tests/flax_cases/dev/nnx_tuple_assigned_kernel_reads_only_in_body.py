# label: ok
# flax-error: none
# class: 2 a plain regressor sets `self.kernel, self.noise = kernel, noise` by tuple assignment; the fori_loop body calls the NNX deep kernel, which only reads its parameters
"""A Gaussian-process style regressor holding an NNX deep kernel; `fit` applies the kernel
matrix three times in a jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class DeepKernel(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(1, 4, rngs=rngs)

    def __call__(self, xa, xb):
        return self.net(xa) @ self.net(xb).T


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
