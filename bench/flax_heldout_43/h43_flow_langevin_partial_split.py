# label: ok
# flax-error: none
# class: 4 functools.partial binds per-step keys split from self.make_rng('sample'); the jax.lax.fori_loop body indexes keys[i]
"""Annealed Langevin refinement of molecule coordinates under a learned energy; returns the noise per step."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


def langevin_update(i, state, *, energy_fn, keys, step_size):
    x, noises = state
    g = jax.grad(lambda y: energy_fn(y).sum())(x)
    noise = jax.random.normal(keys[i], x.shape)
    x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
    return x, noises.at[i].set(noise)


class EnergyRefiner(nn.Module):
    n_steps: int = 8

    @nn.compact
    def __call__(self, x):
        energy = nn.Dense(1, name="energy")
        energy(x)
        keys = jax.random.split(self.make_rng("sample"), self.n_steps)
        body = partial(langevin_update, energy_fn=energy, keys=keys, step_size=1e-2)
        _, noises = jax.lax.fori_loop(0, self.n_steps, body, (x, jnp.zeros((self.n_steps,) + x.shape)))
        return noises


def main():
    atoms = jnp.ones((7, 3))
    model = EnergyRefiner()
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, atoms)
    return model.apply(variables, atoms, rngs={"sample": jax.random.key(5)})
