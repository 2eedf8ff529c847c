# label: ok
# flax-error: none
# class: 2 submodule called once before the raw scan so its params exist before the body runs
"""Same GRU encoder, after the suggested fix: call the cell once on the first step before scanning."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GRUEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        # warm-up call creates the params outside the loop
        cell(h0, xs[0])

        def step(h, x):
            h, y = cell(h, x)
            return h, y

        h, ys = jax.lax.scan(step, h0, xs)
        return h, ys


def main():
    xs = jnp.ones((5, 2, 3))
    model = GRUEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
