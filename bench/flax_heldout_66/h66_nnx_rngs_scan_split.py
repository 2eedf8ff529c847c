# label: ok
# flax-error: none
# class: 4 rngs.noise() is called once before the raw scan; the split keys are fed to the body as xs
"""Langevin sampler for an NNX energy model with jax.lax.scan; one key is drawn from nnx.Rngs
outside the loop and split into per-step keys. Returns the noise each step adds."""
import jax
import jax.numpy as jnp
from flax import nnx


class Energy(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(2, rngs)
    x0 = jnp.zeros((4, 2))
    step_size = 0.01
    keys = jax.random.split(rngs.noise(), 5)

    def langevin(x, key):
        grad = jax.grad(lambda x: energy(x))(x)
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * grad + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, keys)
    return noises
