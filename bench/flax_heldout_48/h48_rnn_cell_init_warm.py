# label: ok
# flax-error: none
# class: 1 the GRUCell is called once on the first frame before the raw scan, so its params already exist when the body reads them
"""The fix suggested in the thread: call the cell once outside the loop so init creates its params there."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h0, _ = cell(h0, xs[0])  # creates the params outside the scan

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h, ys = jax.lax.scan(step, h0, xs[1:])
        return nn.Dense(4)(h)


def main():
    xs = jnp.ones((6, 2, 8))
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
