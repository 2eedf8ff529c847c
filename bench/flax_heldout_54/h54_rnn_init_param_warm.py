# label: ok
# flax-error: none
# class: 1 the cell is called once before the raw lax.scan so its parameters exist before the body reads them
"""Same GRU-style encoder; the maintainer's suggestion: run the cell once outside the loop during init
(like Haiku's hk.scan does) so the scan body only reads parameters that already exist."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(self.cell(jnp.concatenate([x, h], axis=-1)))
            return h, h

        if self.is_initializing():
            step(h0, xs[0])
        h, hs = jax.lax.scan(step, h0, xs)
        return h


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 8))
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
