# label: ok
# flax-error: none
# class: 3 functools.partial binds the NNX score model and one key drawn from nnx.Rngs before the loop into langevin_step, which folds the scanned step index into that key
"""Annealed Langevin dynamics for molecular conformer generation with a learned score model
over 3D atom coordinates."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class ScoreNet(nnx.Module):
    def __init__(self, n_atoms: int, hidden: int, *, rngs: nnx.Rngs):
        self.n_atoms = n_atoms
        self.l1 = nnx.Linear(3 * n_atoms + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.l3 = nnx.Linear(hidden, 3 * n_atoms, rngs=rngs)

    def __call__(self, x, sigma):
        flat = x.reshape(x.shape[0], -1)
        s = jnp.full((x.shape[0], 1), jnp.log(sigma))
        h = nnx.silu(self.l1(jnp.concatenate([flat, s], -1)))
        h = nnx.silu(self.l2(h))
        return (self.l3(h) / sigma).reshape(x.shape)


def langevin_step(score_model, key, step_size, x, inputs):
    i, sigma = inputs
    noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
    eps = step_size * sigma ** 2
    x = x + eps * score_model(x, sigma) + jnp.sqrt(2 * eps) * noise
    return x, noise


def sample_conformers(score_model, rngs, n_samples, sigmas):
    x = sigmas[0] * jax.random.normal(rngs.init(), (n_samples, score_model.n_atoms, 3))
    step = functools.partial(langevin_step, score_model, rngs.langevin(), 0.05)
    _, noises = scan(step, x, (jnp.arange(sigmas.shape[0]), sigmas))
    return noises


def main():
    model = ScoreNet(n_atoms=9, hidden=64, rngs=nnx.Rngs(0))
    sigmas = jnp.geomspace(2.0, 0.05, 12)
    rngs = nnx.Rngs(init=1, langevin=2)
    return sample_conformers(model, rngs, 4, sigmas)
