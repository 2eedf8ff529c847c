# label: same-values
# flax-error: none
# class: 3 functools.partial binds a key from self.make_rng and the score module to a free step function given to lax.scan
"""Overdamped Langevin sampler for particles under a learned score (score-based molecular sampling)."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(nn.swish(nn.Dense(32)(x)))


def langevin_step(score_fn, key, step_size, x, _):
    noise = jax.random.normal(key, x.shape)
    x = x + step_size * score_fn(x) + jnp.sqrt(2 * step_size) * noise
    return x, noise


class LangevinSampler(nn.Module):
    n_steps: int = 5
    step_size: float = 1e-3

    @nn.compact
    def __call__(self, x0):
        score = ScoreNet()
        score(x0)
        key = self.make_rng("langevin")
        step = functools.partial(langevin_step, score, key, self.step_size)
        _, noises = jax.lax.scan(step, x0, None, length=self.n_steps)
        return noises


def main():
    sampler = LangevinSampler()
    x0 = jnp.zeros((4, 3))
    rngs = {"params": jax.random.key(0), "langevin": jax.random.key(1)}
    variables = sampler.init(rngs, x0)
    return sampler.apply(variables, x0, rngs={"langevin": jax.random.key(2)})
