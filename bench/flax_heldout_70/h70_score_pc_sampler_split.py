# label: ok
# flax-error: none
# class: 4 apply_fn, params bound into the step with functools.partial and handed to lax.scan by a module-level sampler; per-step keys split outside and scanned as xs
"""Predictor-corrector sampler for a VE-SDE score model (Song et al. 2021 style), Linen.

The sampler is a module-level function that takes the score network's apply function.
Returns the Gaussian noise drawn at each step (for diagnostics).
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

SIGMA_MIN, SIGMA_MAX = 0.01, 10.0


class ScoreNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.concatenate([jnp.sin(t * 10.0), jnp.cos(t * 10.0)], -1)
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (2,))], -1)
        h = nn.swish(nn.Dense(self.hidden)(h))
        h = nn.swish(nn.Dense(self.hidden)(h))
        sigma = SIGMA_MIN * (SIGMA_MAX / SIGMA_MIN) ** t
        return nn.Dense(x.shape[-1])(h) / sigma


def pc_step(x, t_key, *, apply_fn, params, dt, snr):
    t, key = t_key
    sigma = SIGMA_MIN * (SIGMA_MAX / SIGMA_MIN) ** t
    g2 = sigma ** 2 * 2 * jnp.log(SIGMA_MAX / SIGMA_MIN)
    # corrector: one Langevin step
    score = apply_fn(params, x, t)
    z = jax.random.normal(key, x.shape)
    eps = 2 * (snr * jnp.linalg.norm(z) / jnp.linalg.norm(score)) ** 2
    x = x + eps * score + jnp.sqrt(2 * eps) * z
    # predictor: reverse-diffusion step
    score = apply_fn(params, x, t)
    x = x + g2 * score * dt + jnp.sqrt(g2 * dt) * z
    return x, z


def pc_sampler(apply_fn, params, key, shape, n_steps=6, snr=0.16):
    ts = jnp.linspace(1.0, 1e-3, n_steps)
    init_key, key = jax.random.split(key)
    x0 = jax.random.normal(init_key, shape) * SIGMA_MAX
    step = functools.partial(pc_step, apply_fn=apply_fn, params=params,
                             dt=1.0 / n_steps, snr=snr)
    keys = jax.random.split(key, n_steps)
    x, noises = jax.lax.scan(step, x0, (ts, keys))
    return x, noises


def main():
    model = ScoreNet()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((4, 2)), jnp.zeros((1,)))
    apply_fn = lambda p, x, t: model.apply(p, x, jnp.reshape(t, (1,)))
    _, noises = pc_sampler(apply_fn, params, jax.random.PRNGKey(1), (4, 2))
    return noises
