# label: same-values
# flax-error: none
# class: 3 functools.partial binds the NNX score model and one key from nnx.Rngs to a free step function given to lax.scan
"""NNX annealed Langevin dynamics for particle positions under a learned score model."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Score(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


def langevin_step(score, key, eps, x, sigma):
    z = jax.random.normal(key, x.shape)
    x = x + 0.5 * eps * sigma ** 2 * score(x) + jnp.sqrt(eps) * sigma * z
    return x, z


def sample(score, rngs, x0, sigmas, eps=1e-3):
    step = functools.partial(langevin_step, score, rngs.langevin(), eps)
    _, zs = lax.scan(step, x0, sigmas)
    return zs


def main():
    score = Score(3, rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(langevin=1)
    return sample(score, rngs, jnp.zeros((5, 3)), jnp.geomspace(1.0, 0.01, 6))
