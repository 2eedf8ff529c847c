# label: ok
# flax-error: none
# class: 1 the Dense submodules are bound and called once before the raw scan, so the body only reads existing params
"""Elman RNN: the fix suggested in the thread, build the layers and run the first step eagerly."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):  # xs: (T, B, F), time-major like torch
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        ih = nn.Dense(self.hidden, name="ih")
        hh = nn.Dense(self.hidden, use_bias=False, name="hh")

        def step(h, x):
            h = jnp.tanh(ih(x) + hh(h))
            return h, h

        # first step outside the loop: creates the params before the scan is traced
        h1, _ = step(h0, xs[0])
        _, hs = jax.lax.scan(step, h1, xs[1:])
        return jnp.concatenate([h1[None], hs], axis=0)


def main():
    model = ElmanRNN()
    xs = jnp.ones((6, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs = model.apply(variables, xs)
    hs.block_until_ready()
    return None
