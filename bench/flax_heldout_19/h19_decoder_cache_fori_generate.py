# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a helper method decode_one writes setup 'cache' variables; it is called from a lax.fori_loop body in generate(), applied with mutable=['cache']
"""Greedy generation loop that keeps the decoder's key cache inside the module.

Modelled on google/flax#869 ("How to do autoregressive decoding in Flax?") and
google/flax#1317 (decode=True with a prompt): the per-token step writes the cached keys and
the position index, and generation runs the step with `jax.lax.fori_loop` inside a module
method that is called through `apply(method=..., mutable=['cache'])`; the returned cache is
then used to continue generating.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 11
    width: int = 8
    max_len: int = 8
    batch: int = 2

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.width)
        self.out = nn.Dense(self.vocab)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.batch, self.max_len, self.width))
        self.index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def __call__(self, tokens):
        h = self.embed(tokens)
        return self.out(h.mean(axis=1))

    def decode_one(self, token):
        h = self.embed(token)
        idx = self.index.value
        self.keys.value = lax.dynamic_update_slice(self.keys.value, h[:, None, :], (0, idx, 0))
        self.index.value = idx + 1
        context = self.keys.value.sum(axis=1) / (idx + 1)
        return self.out(context + h)

    def generate(self, first, steps: int):
        def body(i, carry):
            tok, seq = carry
            nxt = jnp.argmax(self.decode_one(tok), axis=-1)
            return nxt, seq.at[:, i].set(nxt)

        init = (first, jnp.zeros((first.shape[0], steps), jnp.int32))
        _, seq = lax.fori_loop(0, steps, body, init)
        return seq


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.key(0), jnp.zeros((2, 8), jnp.int32))
    first = jnp.array([1, 4], jnp.int32)
    seq, state = model.apply(variables, first, 3, method=TinyDecoder.generate, mutable=["cache"])
    variables = {"params": variables["params"], "cache": state["cache"]}
    more, state = model.apply(variables, seq[:, -1], 3, method=TinyDecoder.generate, mutable=["cache"])
    more.block_until_ready()
    return None
