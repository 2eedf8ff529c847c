# label: ok
# flax-error: none
# class: 1 the submodules are called once before the raw lax.scan so their params exist before the body only reads them
"""Sequence encoder that unrolls a GRU cell with a raw lax.scan inside the module (warm-up call first)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SequenceEncoder(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, tokens):  # tokens: [time, batch, features]
        cell = nn.GRUCell(features=self.hidden, name="cell")
        proj = nn.Dense(self.hidden, name="proj")
        h0 = jnp.zeros((tokens.shape[1], self.hidden))
        # create the parameters outside the loop; the scan body only reads them
        cell(h0, proj(tokens[0]))

        def step(h, x):
            h, y = cell(h, proj(x))
            return h, y

        h, ys = lax.scan(step, h0, tokens)
        return h, ys


def main():
    enc = SequenceEncoder()
    tokens = jnp.ones((5, 2, 8))
    variables = enc.init(jax.random.PRNGKey(0), tokens)
    h, _ = enc.apply(variables, tokens)
    print(h.shape)
    return None
