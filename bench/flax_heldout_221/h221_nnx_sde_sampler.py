# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ScoreSampler.sample runs jax.lax.scan and calls self.rngs.noise() inside the body
"""Euler-Maruyama sampler for a score-based diffusion model, in NNX.

Shape of an NNX question: "Rngs inside lax.scan". The sampler module keeps
its nnx.Rngs as an attribute and its sample method integrates the reverse SDE
with a raw jax.lax.scan, drawing the Brownian increment from self.rngs in the
body.
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

        def step(x, t):
            g = self.sigma ** t
            drift = -(g ** 2) * self.score(x, t)
            dw = jax.random.normal(self.rngs.noise(), x.shape) * jnp.sqrt(dt)
            x = x - drift * dt + g * dw
            return x, dw

        ts = jnp.linspace(1.0, dt, n_steps)
        x0, dws = jax.lax.scan(step, x_T, ts)
        return x0, dws


def main():
    sampler = ScoreSampler(3, nnx.Rngs(params=0, noise=1))
    x_T = jax.random.normal(jax.random.key(2), (4, 3))
    _, dws = sampler.sample(x_T)
    return dws
