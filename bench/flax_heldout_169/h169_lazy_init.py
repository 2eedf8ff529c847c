# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact __call__ creates an LSTMCell and first calls it inside its own lax.scan body, so init creates the params there
"""A character-level LSTM whose compact __call__ unrolls the cell with jax.lax.scan.

Shape of the reports ("UnexpectedTracerError when using lax.scan in a Flax module"): the
cell is defined inline and never called before the loop, so `init` creates its params
inside the scan trace.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CharLSTM(nn.Module):
    hidden: int = 16
    vocab: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(features=self.hidden)
        head = nn.Dense(self.vocab)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)

        def body(carry, x):
            carry, y = cell(carry, x)
            return carry, head(y)

        _, logits = scan(body, carry, xs)
        return logits


def main():
    model = CharLSTM()
    xs = jax.nn.one_hot(jnp.arange(12) % 8, 8)[:, None, :]
    variables = model.init(jax.random.key(0), xs)
    logits = model.apply(variables, xs)
    print(logits.shape)
    return None
