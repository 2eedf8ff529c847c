# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the beam_search method scans and the body calls self.decoder.decode_step, whose layer writes a 'cache' variable
"""Beam search over a tiny cached decoder, written as a raw lax.scan inside a module method.

Shape of the reports: decoding is fast with `mutable=['cache']` in a Python loop; moving the
loop into `jax.lax.scan` inside the module and reading the returned cache afterwards fails
with a leaked tracer.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedMix(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        initialized = self.has_variable('cache', 'running')
        running = self.variable('cache', 'running', jnp.zeros, x.shape)
        h = nn.Dense(self.features)(x)
        if initialized:
            running.value = 0.5 * running.value + h
            h = running.value
        return nn.tanh(h)


class Decoder(nn.Module):
    vocab: int = 8
    features: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.features)
        self.mix = CachedMix(self.features)
        self.out = nn.Dense(self.vocab)

    def decode_step(self, tokens):
        return self.out(self.mix(self.embed(tokens)))


class BeamSearcher(nn.Module):
    beams: int = 3

    def setup(self):
        self.decoder = Decoder()

    def __call__(self, tokens):
        return self.decoder.decode_step(tokens)

    def beam_search(self, tokens, steps):
        vocab = self.decoder.vocab

        def body(carry, _):
            tokens, scores = carry
            logp = jax.nn.log_softmax(self.decoder.decode_step(tokens))
            total = (scores[:, None] + logp).reshape(-1)
            scores, flat = jax.lax.top_k(total, self.beams)
            tokens = flat % vocab
            return (tokens, scores), tokens

        (_, scores), history = jax.lax.scan(body, (tokens, jnp.zeros(tokens.shape)), None, length=steps)
        return history, scores


def main():
    model = BeamSearcher()
    bos = jnp.zeros((3,), jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    (history, scores), state = model.apply(
        variables, bos, 5, method=BeamSearcher.beam_search, mutable=['cache'])
    cache_norm = jnp.sum(state['cache']['decoder']['mix']['running'] ** 2)
    print(history, scores, cache_norm)
    return None
