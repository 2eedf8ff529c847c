# label: ok
# flax-error: none
# class: 1 ScoreSampler.sample draws one key from self.rngs.noise() before jax.lax.scan and splits it in the carry
"""Euler-Maruyama sampler for a score-based diffusion model, in NNX.

Twin of h221_nnx_sde_sampler: the Rngs stream is called once outside the
loop, and the key it returns is split step by step in the scan carry.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)
        return self.l2(nnx.silu(self.l1(h)))


class ScoreSampler(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.score = ScoreNet(dim, rngs)
        self.rngs = rngs
        self.sigma = 5.0

    def sample(self, x_T, n_steps=10):
        dt = 1.0 / n_steps

        def step(carry, t):
            x, key = carry
            key, sub = jax.random.split(key)
            g = self.sigma ** t
            drift = -(g ** 2) * self.score(x, t)
            dw = jax.random.normal(sub, x.shape) * jnp.sqrt(dt)
            x = x - drift * dt + g * dw
            return (x, key), dw

        ts = jnp.linspace(1.0, dt, n_steps)
        (x0, _), dws = jax.lax.scan(step, (x_T, self.rngs.noise()), ts)
        return x0, dws


def main():
    sampler = ScoreSampler(3, nnx.Rngs(params=0, noise=1))
    x_T = jax.random.normal(jax.random.key(2), (4, 3))
    _, dws = sampler.sample(x_T)
    return dws
