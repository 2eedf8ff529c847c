# label: trace-context
# flax-error: TraceContextError: Cannot mutate HiddenState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX stateful RNN decoder storing its hidden state as an attribute inside the raw scan step
"""Shape from stateful NNX decoders that keep `self.hidden` (an nnx.Variable) and overwrite it on
every step, driven from a jax.lax.scan generation loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class HiddenState(nnx.Variable):
    pass


class StatefulDecoder(nnx.Module):
    def __init__(self, vocab, hidden, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)
        self.hidden = HiddenState(jnp.zeros((1, hidden)))

    def step(self, tok):
        h, y = self.cell(self.hidden.value, self.embed(tok))
        self.hidden.value = h
        return jnp.argmax(self.out(y), -1)


def main():
    dec = StatefulDecoder(11, 8, rngs=nnx.Rngs(0))

    def gen(tok, _):
        tok = dec.step(tok)
        return tok, tok

    _, toks = jax.lax.scan(gen, jnp.zeros((1,), jnp.int32), None, length=5)
    jax.block_until_ready(toks)
    return None
