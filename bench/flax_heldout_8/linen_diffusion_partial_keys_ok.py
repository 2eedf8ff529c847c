# label: ok
# flax-error: none
# class: 4 functools.partial binds apply_fn and params by keyword to the step; keys are split outside and fed as xs
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class EpsNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1))
        return nn.Dense(x.shape[-1])(nn.silu(h))


def ancestral_step(x, inputs, *, apply_fn, params):
    key, t = inputs
    noise = jax.random.normal(key, x.shape)
    x = x - 0.05 * apply_fn(params, x, t) + 0.1 * noise
    return x, noise


def main():
    net = EpsNet()
    x = jnp.zeros((3, 2))
    params = net.init(jax.random.key(0), x, jnp.array(1.0))
    ts = jnp.linspace(1.0, 0.0, 10)
    keys = jax.random.split(jax.random.key(7), ts.shape[0])
    step = partial(ancestral_step, apply_fn=net.apply, params=params)
    _, noises = jax.lax.scan(step, x, (keys, ts))
    return noises
