# label: trace-context
# flax-error: TraceContextError: Cannot mutate Intermediate from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 greedy() scans a body that calls decoder.step, a method that writes the nnx.Intermediate self.last_logits of the outside decoder during the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)
        self.last_logits = nnx.Intermediate(jnp.zeros((1, vocab)))

    def step(self, carry, tok):
        carry, y = self.cell(carry, self.embed(tok))
        logits = self.out(y)
        self.last_logits.value = logits
        return carry, jnp.argmax(logits, axis=-1)


def greedy(decoder, carry, tok0, steps):
    def body(state, _):
        carry, tok = state
        carry, tok = decoder.step(carry, tok)
        return (carry, tok), tok

    _, tokens = jax.lax.scan(body, (carry, tok0), None, length=steps)
    return tokens


def main():
    decoder = Decoder(10, 6, nnx.Rngs(0))
    carry = (jnp.zeros((2, 6)), jnp.zeros((2, 6)))
    tokens = greedy(decoder, carry, jnp.zeros((2,), jnp.int32), 5)
    print(tokens.T, decoder.last_logits.value.shape)
    return None
