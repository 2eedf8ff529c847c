# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 sampler object holding nnx.Rngs draws self.rngs.noise() inside the raw fori_loop body of its run() method
# modelled on: sebaleh87/dds_optim SDE_Losses/SDE_Types (diffusion SDE samplers with flax score networks)
"""Annealed Langevin sampler driven by a small NNX score network."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, sigma):
        s = jnp.full(x.shape[:-1] + (1,), sigma)
        return self.out(nnx.swish(self.inp(jnp.concatenate([x, s], -1))))


class LangevinSampler:
    def __init__(self, score, rngs: nnx.Rngs, steps=6, eps=0.05):
        self.score, self.rngs = score, rngs
        self.sigmas = jnp.geomspace(1.0, 0.05, steps)
        self.steps, self.eps = steps, eps

    def run(self, x0):
        draws = jnp.zeros((self.steps,) + x0.shape)

        def body(i, carry):
            x, draws = carry
            sigma = self.sigmas[i]
            step = self.eps * sigma ** 2
            z = jax.random.normal(self.rngs.noise(), x.shape)
            x = x + step * self.score(x, sigma) + jnp.sqrt(2 * step) * z
            return x, draws.at[i].set(z)

        return jax.lax.fori_loop(0, self.steps, body, (x0, draws))


def main():
    score = ScoreNet(2, nnx.Rngs(0))
    sampler = LangevinSampler(score, nnx.Rngs(noise=1))
    x, draws = sampler.run(jnp.zeros((5, 2)))
    assert x.shape == (5, 2)
    return draws
