# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.variable('cache') counter incremented inside a raw scan body during apply
"""Greedy GRU decoder that tracks how many tokens it has produced in a 'cache' variable,
written the way a PyTorch `self.steps += 1` buffer would be."""
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

        def body(h, tok):
            h, out = cell(h, embed(tok))
            steps.value = steps.value + 1
            return h, head(out)

        h, logits = jax.lax.scan(body, h0, tokens)
        return logits


def main():
    model = GRUDecoder()
    h0 = jnp.zeros((2, 16))
    tokens = jnp.ones((5, 2), jnp.int32)
    variables = model.init(jax.random.key(0), h0, tokens)
    logits, updates = model.apply(variables, h0, tokens, mutable=["cache"])
    print(logits.shape, updates["cache"]["steps"])
    return None
