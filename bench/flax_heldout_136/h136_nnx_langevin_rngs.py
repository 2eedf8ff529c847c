# label: same-values
# flax-error: none
# class: 2 the score model, a local of sample(), is read in the scan body; the body rebuilds nnx.Rngs(seed) every step
"""Annealed Langevin sampling with an NNX score network, written with a raw scan.

Modelled on the kind of thread where an NNX sampler adds the same noise at every step: the
user cannot mutate an outer Rngs inside the scan, so they build nnx.Rngs(seed) inside the body, from the same seed
each time. Returns the per-step noise.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, sigma):
        s = jnp.full(x.shape[:-1] + (1,), sigma)
        return self.l2(nnx.swish(self.l1(jnp.concatenate([x, s], -1))))


def sample(model, x, sigmas, seed, step_size=0.01):
    def body(x, sigma):
        rngs = nnx.Rngs(seed)
        z = jax.random.normal(rngs.noise(), x.shape)
        eps = step_size * sigma ** 2
        x = x + eps * model(x, sigma) + jnp.sqrt(2 * eps) * z
        return x, z

    return scan(body, x, sigmas)


def main():
    model = ScoreNet(2, nnx.Rngs(0))
    sigmas = jnp.geomspace(1.0, 0.01, 10)
    x0 = jnp.zeros((5, 2))
    x, zs = sample(model, x0, sigmas, seed=7)
    return zs
