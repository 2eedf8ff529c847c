# label: ok
# flax-error: none
# class: 1 GRUCell is called once before the raw lax.scan while initializing, so the body only reads params that already exist
"""Sequence encoder ported from a PyTorch nn.GRU (time-major input)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GRUEncoder(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features], like torch.nn.GRU(batch_first=False)
        cell = nn.GRUCell(features=self.hidden, name="cell")
        h0 = jnp.zeros((xs.shape[1], self.hidden), xs.dtype)
        if self.is_initializing():
            # create the cell's params outside the scan
            cell(h0, xs[0])

        def step(h, x):
            h, y = cell(h, x)
            return h, y

        h_last, ys = lax.scan(step, h0, xs)
        return h_last, ys


def main():
    model = GRUEncoder(hidden=16)
    xs = jax.random.normal(jax.random.PRNGKey(1), (12, 4, 8))
    variables = model.init(jax.random.PRNGKey(0), xs)
    h_last, ys = model.apply(variables, xs)
    h_last.block_until_ready()
    return None
