# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the decoder module's own __call__ runs lax.scan; the GRU cell and output layer from setup are first called inside the body during init
"""Seq2seq decoder that unrolls a GRU cell by hand for a fixed number of steps,
feeding back its own greedy prediction (no teacher forcing)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GreedyDecoder(nn.Module):
    vocab: int = 12
    hidden: int = 24
    steps: int = 5

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, context, start_tok):
        def step(carry, _):
            h, tok = carry
            h, y = self.cell(h, self.embed(tok))
            logits = self.out(y)
            tok = jnp.argmax(logits, -1)
            return (h, tok), logits

        (_, _), logits = lax.scan(step, (context, start_tok), None, length=self.steps)
        return jnp.swapaxes(logits, 0, 1)


def main():
    model = GreedyDecoder()
    context = jax.random.normal(jax.random.key(0), (3, 24))
    start = jnp.zeros((3,), jnp.int32)
    variables = model.init(jax.random.key(1), context, start)
    logits = model.apply(variables, context, start)
    return None
