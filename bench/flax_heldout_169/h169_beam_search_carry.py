# label: ok
# flax-error: none
# class: 4 the scan body applies the model's decoder.decode_step with the 'cache' collection taken from the carry and returned in it
"""Beam search over a tiny cached decoder, written as a raw lax.scan.

The working twin: the cache collection is a value in the scan carry; each step calls
`model.apply({'params': ..., 'cache': cache}, ..., mutable=['cache'])` and carries the
updated cache on to the next step.
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

    def step_logits(self, tokens):
        return self.decoder.decode_step(tokens)


def beam_search(model, params, cache, tokens, steps, vocab=8):
    def body(carry, _):
        tokens, scores, cache = carry
        logits, updated = model.apply({'params': params, 'cache': cache}, tokens,
                                      method=BeamSearcher.step_logits, mutable=['cache'])
        logp = jax.nn.log_softmax(logits)
        total = (scores[:, None] + logp).reshape(-1)
        scores, flat = jax.lax.top_k(total, model.beams)
        tokens = flat % vocab
        return (tokens, scores, updated['cache']), tokens

    init = (tokens, jnp.zeros(tokens.shape), cache)
    (_, scores, cache), history = jax.lax.scan(body, init, None, length=steps)
    return history, scores, cache


def main():
    model = BeamSearcher()
    bos = jnp.zeros((3,), jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    history, scores, cache = beam_search(model, variables['params'], variables['cache'], bos, 5)
    cache_norm = jnp.sum(cache['decoder']['mix']['running'] ** 2)
    print(history, scores, cache_norm)
    return None
