# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a GRU cell submodule closed over by a raw jax.lax.scan body inside the decoder's own __call__, first created there at init
"""A factory builds a greedy sequence decoder; its loop is written with jax.lax.scan inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GreedyDecoder(nn.Module):
    hidden: int = 8
    vocab: int = 11

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.readout = nn.Dense(self.vocab)
        self.embed = nn.Embed(self.vocab, self.hidden)

    def __call__(self, h0, length: int = 6):
        def body(carry, _):
            h, token = carry
            h, out = self.cell(h, self.embed(token))
            token = jnp.argmax(self.readout(out), axis=-1)
            return (h, token), token

        _, tokens = jax.lax.scan(body, (h0, jnp.zeros(h0.shape[:1], jnp.int32)), None, length=length)
        return tokens


def make_decode_fn(hidden=8, vocab=11, seed=0):
    model = GreedyDecoder(hidden=hidden, vocab=vocab)
    h0 = jnp.zeros((2, hidden))
    variables = model.init(jax.random.key(seed), h0)

    def decode(h):
        return model.apply(variables, h)
    return decode


def main():
    decode = make_decode_fn()
    decode(jnp.ones((2, 8))).block_until_ready()
    return None
