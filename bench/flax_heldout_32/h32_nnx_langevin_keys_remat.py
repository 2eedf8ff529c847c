# label: ok
# flax-error: none
# class: 4 the scan body is jax.checkpoint(functools.partial(self._step, step_size)); the keys come from one draw of the held nnx.Rngs before the loop and are scanned as xs
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx

DIM = 2


class EnergyModel(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(DIM, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x)))[..., 0] + 0.5 * jnp.sum(x ** 2, -1)


class LangevinSampler(nnx.Module):
    def __init__(self, energy, rngs: nnx.Rngs, n_steps=8):
        self.energy = energy
        self.rngs = rngs
        self.n_steps = n_steps

    def _step(self, step_size, x, key):
        grad = jax.grad(lambda x: self.energy(x).sum())(x)
        noise = jax.random.normal(key, x.shape)
        return x - step_size * grad + jnp.sqrt(2 * step_size) * noise, None

    def sample(self, x0, step_size=1e-2):
        keys = jax.random.split(self.rngs.noise(), self.n_steps)
        body = jax.checkpoint(functools.partial(self._step, step_size))
        x, _ = jax.lax.scan(body, x0, keys)
        return x


def main():
    energy = EnergyModel(nnx.Rngs(0))
    sampler = LangevinSampler(energy, nnx.Rngs(noise=1))
    x = sampler.sample(jnp.zeros((5, DIM)))
    assert x.shape == (5, DIM)
    return None
