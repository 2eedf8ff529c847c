# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 seq2seq encoder binds a compact OptimizedLSTMCell to a local and first calls it inside a raw lax.scan body during init
"""Seq2seq encoder written the way the flax seq2seq example was before it moved to nn.RNN:
the LSTM cell is built in the compact __call__, kept in a local and stepped with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    hidden_size: int = 16
    vocab_size: int = 12

    @nn.compact
    def __call__(self, tokens):
        # tokens: [batch, time] int32
        embedded = nn.Embed(self.vocab_size, 8, name="embed")(tokens)
        cell = nn.OptimizedLSTMCell(self.hidden_size, name="lstm")
        carry = cell.initialize_carry(jax.random.PRNGKey(0), embedded[:, 0].shape)

        def step(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        # time-major for scan
        carry, outputs = jax.lax.scan(step, carry, jnp.swapaxes(embedded, 0, 1))
        return carry, jnp.swapaxes(outputs, 0, 1)


def main():
    model = Encoder()
    tokens = jnp.array([[1, 4, 5, 2, 0], [3, 3, 7, 1, 2]], dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(1), tokens)
    (c, h), outputs = model.apply(variables, tokens)
    assert outputs.shape == (2, 5, 16)
    return None
