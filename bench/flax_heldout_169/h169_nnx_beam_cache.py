# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body calls decoder.step, which stores its running state in decoder.cache, a plain dict attribute
"""Beam search with an NNX decoder whose step method keeps a decoding cache in a plain dict,
run in a raw jax.lax.fori_loop.

Shape of the reports: to dodge the Variable trace-level check the cache lives in an
ordinary dict on the module (`self.cache['state'] = ...`); no error in the loop, but
the cache read after the loop holds tracers of the fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, features, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, features, rngs=rngs)
        self.mix = nnx.Linear(features, features, rngs=rngs)
        self.out = nnx.Linear(features, vocab, rngs=rngs)
        self.vocab = vocab
        self.cache = {}

    def step(self, tokens):
        h = self.embed(tokens)
        if 'state' in self.cache:
            h = h + 0.5 * self.cache['state']
        h = jnp.tanh(self.mix(h))
        self.cache['state'] = h
        return self.out(h)


def beam_search(decoder, bos, beams, steps):
    out = jnp.zeros((steps, beams), jnp.int32)

    def body(t, carry):
        tokens, scores, out = carry
        logp = jax.nn.log_softmax(decoder.step(tokens))
        total = (scores[:, None] + logp).reshape(-1)
        scores, flat = jax.lax.top_k(total, beams)
        tokens = flat % decoder.vocab
        return tokens, scores, out.at[t].set(tokens)

    decoder.step(bos)
    return jax.lax.fori_loop(0, steps, body, (bos, jnp.zeros((beams,)), out))


def main():
    decoder = Decoder(10, 16, rngs=nnx.Rngs(0))
    bos = jnp.zeros((3,), jnp.int32)
    tokens, scores, out = beam_search(decoder, bos, beams=3, steps=6)
    final_state = decoder.cache['state']
    print(out[:, 0], scores, jnp.abs(final_state).sum())
    return None
