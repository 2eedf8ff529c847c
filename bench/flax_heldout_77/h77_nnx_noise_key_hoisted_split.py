# label: ok
# flax-error: none
# class: 1 the key drawn from the sampler's nnx.Rngs "noise" stream is split into one key per step before the raw lax.scan and passed as xs
"""Langevin sampler (NNX): an energy model plus a sampler object that owns the noise stream."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Energy(nnx.Module):
    def __init__(self, dim, rngs):
        self.w = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, x):
        return 0.5 * jnp.sum(x ** 2) + self.w(x)[0]


class LangevinSampler:
    def __init__(self, energy, step_size=0.05, n_steps=8, seed=0):
        self.energy = energy
        self.step_size = step_size
        self.n_steps = n_steps
        self.rngs = nnx.Rngs(noise=seed)

    def run(self, x0):
        keys = jax.random.split(self.rngs.noise(), self.n_steps)
        grad_e = jax.grad(lambda x: self.energy(x))

        def step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x - self.step_size * grad_e(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = lax.scan(step, x0, keys)
        return noises


def main():
    sampler = LangevinSampler(Energy(3, nnx.Rngs(0)))
    return sampler.run(jnp.zeros((3,)))
