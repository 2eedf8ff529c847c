# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a GRUCell and output Dense defined in setup are first called inside the raw scan body during init
"""Seq2seq decoder with teacher forcing, cell and head declared in setup (ported from a torch nn.GRUCell loop)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Decoder(nn.Module):
    vocab: int = 12
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, h0, targets):  # targets: (T, B) gold tokens
        inputs = self.embed(targets)

        def step(h, x):
            h, out = self.cell(h, x)
            return h, self.head(out)

        _, logits = jax.lax.scan(step, h0, inputs)
        return logits


def main():
    model = Decoder()
    targets = jnp.zeros((7, 3), jnp.int32)
    h0 = jnp.zeros((3, 16))
    variables = model.init(jax.random.PRNGKey(0), h0, targets)
    logits = model.apply(variables, h0, targets)
    logits.block_until_ready()
    return None
