# label: ok
# flax-error: none
# class: 4 one key per step is split from rngs.noise() before the raw scan and scanned in as xs
"""Langevin dynamics on an NNX energy model inside jax.lax.scan; the per-step keys are split from
the nnx.Rngs stream before the loop and fed in as the scanned inputs."""
import jax
import jax.numpy as jnp
from flax import nnx

STEPS, D = 6, 2


class Energy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(D, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(rngs)
    step_size = 0.01
    x0 = jnp.zeros((4, D))
    keys = jax.random.split(rngs.noise(), STEPS)

    def langevin(x, key):
        g = jax.grad(energy)(x)
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = jax.lax.scan(langevin, x0, keys)
    return noises
