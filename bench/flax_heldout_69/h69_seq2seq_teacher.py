# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 setup-defined decoder cell called from a raw jax.lax.scan body inside __call__ during init
"""Seq2seq translation decoder trained with teacher forcing; the time loop was moved into
jax.lax.scan to speed up the tutorial's Python for-loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Decoder(nn.Module):
    vocab: int = 32
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, enc_state, targets):
        # teacher forcing: feed the gold previous token at every step
        def step(h, tok):
            h, y = self.cell(h, self.embed(tok))
            return h, self.out(y)

        _, logits = jax.lax.scan(step, enc_state, targets.T)
        return logits.transpose(1, 0, 2)


def main():
    dec = Decoder()
    enc_state = jnp.zeros((4, 16))
    targets = jnp.ones((4, 7), jnp.int32)
    variables = dec.init(jax.random.PRNGKey(0), enc_state, targets)
    logits = dec.apply(variables, enc_state, targets)
    loss = -jnp.mean(jax.nn.log_softmax(logits)[..., 1])
    print(loss)
    return None
