# label: ok
# flax-error: none
# class: 4 graphdef/state into a jax.jit sampler, nnx.merge once inside jit, merged model read in the raw scan; keys as xs
"""DDIM sampler (NNX): graphdef/state passed into a jitted sampler, merged once, keys split outside."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class EpsNet(nnx.Module):
    def __init__(self, d, rngs):
        self.l1 = nnx.Linear(d + 1, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, d, rngs=rngs)

    def __call__(self, x, t):
        return self.l2(nnx.silu(self.l1(jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1))))


@partial(jax.jit, static_argnums=(0, 4))
def ddim_sample(graphdef, state, x_T, key, n_steps):
    model = nnx.merge(graphdef, state)
    ts = jnp.linspace(0.99, 0.01, n_steps)
    abar = jnp.cos(ts * jnp.pi / 2) ** 2
    keys = jax.random.split(key, n_steps)

    def body(x, inp):
        i, k = inp
        eps = model(x, ts[i])
        a, a_next = abar[i], abar[jnp.minimum(i + 1, n_steps - 1)]
        x0 = (x - jnp.sqrt(1 - a) * eps) / jnp.sqrt(a)
        z = jax.random.normal(k, x.shape)
        x = jnp.sqrt(a_next) * x0 + jnp.sqrt(1 - a_next) * (0.9 * eps + 0.1 * z)
        return x, z

    return jax.lax.scan(body, x_T, (jnp.arange(n_steps), keys))


def main():
    model = EpsNet(2, nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    x0, zs = ddim_sample(graphdef, state, jnp.ones((4, 2)), jax.random.key(1), 5)
    return zs
