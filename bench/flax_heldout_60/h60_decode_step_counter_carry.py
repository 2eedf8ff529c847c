# label: ok
# flax-error: none
# class: 2 counter threaded through the scan carry and written to self.variable('cache') after the loop
"""Greedy GRU decoder that tracks how many tokens it has produced; the step count rides in
the carry and the 'cache' variable is written once, outside the loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GRUDecoder(nn.Module):
    hidden: int = 16
    vocab: int = 11

    @nn.compact
    def __call__(self, h0, tokens):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(self.hidden)
        head = nn.Dense(self.vocab)
        steps = self.variable("cache", "steps", lambda: jnp.zeros((), jnp.int32))

        cell(h0, embed(tokens[0]))  # create the cell parameters before the loop
        head(h0)

        def body(carry, tok):
            h, n = carry
            h, out = cell(h, embed(tok))
            return (h, n + 1), head(out)

        (h, n), logits = jax.lax.scan(body, (h0, steps.value), tokens)
        steps.value = n
        return logits


def main():
    model = GRUDecoder()
    h0 = jnp.zeros((2, 16))
    tokens = jnp.ones((5, 2), jnp.int32)
    variables = model.init(jax.random.key(0), h0, tokens)
    logits, updates = model.apply(variables, h0, tokens, mutable=["cache"])
    print(logits.shape, updates["cache"]["steps"])
    return None
