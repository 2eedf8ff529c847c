# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the language model's own generate method scans; the body appends each sampled token to self.generated, a list on the module
"""Autoregressive sampling with temperature from an NNX GRU language model.

Modelled on sampling code in reports where generated tokens are collected by appending to a
Python list kept on the module, as one would in an eager loop, from inside a raw lax.scan.
"""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, HIDDEN = 12, 24


class TinyLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.cell = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.generated = []

    def __call__(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, self.out(y)

    def generate(self, tok, key, length, temperature=0.8):
        def body(carry, _):
            h, tok, key = carry
            key, sub = jax.random.split(key)
            h, logits = self(h, tok)
            tok = jax.random.categorical(sub, logits / temperature)
            self.generated.append(tok)
            return (h, tok, key), None

        jax.lax.scan(body, (jnp.zeros(HIDDEN), tok, key), None, length=length)
        return jnp.stack(self.generated)


def main():
    model = TinyLM(nnx.Rngs(0))
    toks = model.generate(jnp.array(0), jax.random.key(5), 10)
    return toks
