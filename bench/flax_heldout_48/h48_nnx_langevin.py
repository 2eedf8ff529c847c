# label: same-values
# flax-error: none
# class: 4 one key taken from nnx.Rngs before the raw scan is reused unchanged for jax.random.normal in every Langevin step
"""Langevin sampling from a small NNX energy model; the noise key is taken once from the Rngs."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Energy(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(rngs)
    x0 = jnp.zeros((5, 2))
    key = rngs.noise()
    step_size = 0.01

    def step(x, _):
        g = jax.grad(energy)(x)
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = lax.scan(step, x0, None, length=6)
    return noises
