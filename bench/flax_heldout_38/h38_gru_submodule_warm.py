# label: ok
# flax-error: none
# class: 1 the GRUCell is called once on the first step before the raw lax.scan, so its params exist and the step only reads them
"""Character-level GRU language model, with the first step peeled off the scan so the
cell creates its parameters outside the loop; the scanned step then only reads them."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class CharGRU(nn.Module):
    vocab: int = 40
    hidden: int = 32

    @nn.compact
    def __call__(self, tokens):
        # tokens: (batch, time)
        x = nn.Embed(self.vocab, 16)(tokens)
        cell = nn.GRUCell(features=self.hidden)
        carry = jnp.zeros((tokens.shape[0], self.hidden))
        xs = jnp.swapaxes(x, 0, 1)

        carry, y0 = cell(carry, xs[0])

        def step(carry, x_t):
            carry, y = cell(carry, x_t)
            return carry, y

        _, ys = lax.scan(step, carry, xs[1:])
        ys = jnp.concatenate([y0[None], ys], axis=0)
        return nn.Dense(self.vocab)(jnp.swapaxes(ys, 0, 1))


def main():
    model = CharGRU()
    tokens = jnp.zeros((2, 10), dtype=jnp.int32)
    params = model.init(jax.random.PRNGKey(0), tokens)["params"]
    logits = model.apply({"params": params}, tokens)
    jnp.sum(logits).block_until_ready()
