# label: ok
# flax-error: none
# class: 5 compact GRU encoder: cell called once on the first element, then a lambda scan body
"""Near-miss of the init-time creation bug: the cell is built (called) before jax.lax.scan, so the
lambda body only reads existing parameters."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GRUEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(self.hidden)
        h = cell.initialize_carry(jax.random.PRNGKey(0), xs.shape[1:])
        h, _ = cell(h, xs[0])
        h, ys = jax.lax.scan(lambda c, x: cell(c, x), h, xs[1:])
        return nn.Dense(1)(h)


def main():
    model = GRUEncoder()
    xs = jnp.ones((7, 3, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    jax.block_until_ready(out)
    return None
