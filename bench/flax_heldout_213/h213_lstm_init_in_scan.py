# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[27,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the model's own compact __call__ creates an LSTMCell and first calls it inside the raw scan body
"""Character-level LSTM language model whose time loop is a raw jax.lax.scan.

The cell is created in the compact method and only ever called inside the scan body, so its
parameters are first created while the body is traced (users report this when porting from
a Python for-loop instead of nn.scan / nn.RNN)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CharLSTM(nn.Module):
    vocab: int = 27
    hidden: int = 32

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.LSTMCell(features=self.hidden)
        head = nn.Dense(self.vocab)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), (self.hidden,))

        def step(carry, tok):
            carry, y = cell(carry, embed(tok))
            return carry, head(y)

        _, logits = jax.lax.scan(step, carry, tokens)
        return logits


def main():
    model = CharLSTM()
    tokens = jnp.array([1, 4, 9, 16, 25, 3, 7])
    variables = model.init(jax.random.PRNGKey(1), tokens)
    logits = model.apply(variables, tokens)
    loss = -jax.nn.log_softmax(logits[:-1])[jnp.arange(6), tokens[1:]].mean()
    print("loss", loss)
