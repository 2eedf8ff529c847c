# label: ok
# flax-error: none
# class: 4 make_langevin_sampler factory -> jitted sample -> scan body -> functools.partial(model.apply, method=ScoreNet.langevin_update) with the "noise" key folded in with the step
# modelled on: jax-ml/jax#12773 Jax functions getting mixed (Langevin sampler) and blackjax-devs/blackjax#656 Replace iterative RNG split and carry with jax.random.fold_in
"""Annealed Langevin dynamics sampler for a small noise-conditional score network."""

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

DIM = 2
SIGMAS = jnp.geomspace(1.0, 0.05, 6)


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, sigma):
        h = nn.softplus(nn.Dense(32)(jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[..., :1])], -1)))
        return nn.Dense(DIM)(h) / sigma

    def langevin_update(self, x, sigma, step_size):
        eps = step_size * (sigma / SIGMAS[-1]) ** 2
        noise = jax.random.normal(self.make_rng("noise"), x.shape)
        x = x + eps * self(x, sigma) + jnp.sqrt(2.0 * eps) * noise
        return x, noise


def make_langevin_sampler(model, params, step_size=1e-3):
    update = functools.partial(model.apply, {"params": params}, method=ScoreNet.langevin_update)

    @jax.jit
    def sample(x0, rng):
        def body(x, inputs):
            step, sigma = inputs
            x, noise = update(x, sigma, step_size, rngs={"noise": jax.random.fold_in(rng, step)})
            return x, noise

        return jax.lax.scan(body, x0, (jnp.arange(SIGMAS.shape[0]), SIGMAS))

    return sample


def main():
    model = ScoreNet()
    x0 = jax.random.normal(jax.random.key(0), (4, DIM))
    params = model.init(jax.random.key(1), x0, SIGMAS[0])["params"]
    sample = make_langevin_sampler(model, params)
    samples, noises = sample(x0, jax.random.key(2))
    samples.block_until_ready()
    return noises
