# label: ok
# flax-error: none
# class: 4 factory make_sampler returns a jitted sampler; jax.checkpoint step partial-bound to params calls model.apply; keys split outside as xs
"""DDIM/ancestral sampler: the jitted, rematerialised step calls model.apply on params; keys are xs."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreMLP(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.stack([jnp.sin(t), jnp.cos(t)], -1) * jnp.ones((x.shape[0], 1))
        h = nn.swish(nn.Dense(self.width)(jnp.concatenate([x, temb], -1)))
        h = nn.swish(nn.Dense(self.width)(h))
        return nn.Dense(x.shape[-1])(h)


def make_sampler(model, n_steps, eta=1.0):
    ts = jnp.linspace(1.0, 1e-3, n_steps)
    abar = jnp.cos(ts * jnp.pi / 2) ** 2

    @jax.checkpoint
    def step(params, x, inp):
        i, key = inp
        eps = model.apply(params, x, ts[i])
        a_t, a_prev = abar[i], jnp.where(i + 1 < n_steps, abar[jnp.minimum(i + 1, n_steps - 1)], 1.0)
        x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
        sigma = eta * jnp.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
        z = jax.random.normal(key, x.shape)
        x = jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev - sigma ** 2) * eps + sigma * z
        return x, z

    @jax.jit
    def sample(params, x_T, key):
        keys = jax.random.split(key, n_steps)
        return jax.lax.scan(partial(step, params), x_T, (jnp.arange(n_steps), keys))

    return sample


def main():
    model = ScoreMLP()
    x_T = jax.random.normal(jax.random.key(0), (4, 2))
    params = model.init(jax.random.key(1), x_T, jnp.array(0.5))
    sample = make_sampler(model, n_steps=6)
    x0, zs = sample(params, x_T, jax.random.key(2))
    return zs
