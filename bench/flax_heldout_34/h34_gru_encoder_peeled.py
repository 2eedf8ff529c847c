# label: ok
# flax-error: none
# class: 1 nn.GRUCell built in a compact __call__; the first step calls the cell before the raw lax.scan, whose body then calls the cell inline
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class SequenceEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[0], self.hidden))
        xs_t = jnp.swapaxes(xs, 0, 1)
        h, y0 = cell(h0, xs_t[0])

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h, ys = lax.scan(step, h, xs_t[1:])
        ys = jnp.concatenate([y0[None], ys], axis=0)
        return nn.Dense(2)(h), jnp.swapaxes(ys, 0, 1)


def main():
    model = SequenceEncoder()
    xs = jnp.ones((2, 5, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits, _ = model.apply(variables, xs)
    logits.block_until_ready()
    return None
