# label: ok
# flax-error: none
# class: 2 greedy() scans a body that calls decoder.step, which returns its logits; the scan outputs them and greedy writes the last ones into decoder.last_logits after the loop
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
        return carry, jnp.argmax(logits, axis=-1), logits


def greedy(decoder, carry, tok0, steps):
    def body(state, _):
        carry, tok = state
        carry, tok, logits = decoder.step(carry, tok)
        return (carry, tok), (tok, logits)

    _, (tokens, logits) = jax.lax.scan(body, (carry, tok0), None, length=steps)
    decoder.last_logits.value = logits[-1]
    return tokens


def main():
    decoder = Decoder(10, 6, nnx.Rngs(0))
    carry = (jnp.zeros((2, 6)), jnp.zeros((2, 6)))
    tokens = greedy(decoder, carry, jnp.zeros((2,), jnp.int32), 5)
    print(tokens.T, decoder.last_logits.value.shape)
    return None
