# label: ok
# flax-error: none
# class: 4 module-level sampler gets the model; params closed over, cache collection threaded through the lax.scan carry
"""Symbolic sequence (chord-token) generator with a decoding cache, sampled greedily."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

VOCAB = 24


class ChordLM(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, token):
        state = self.variable("cache", "state", jnp.zeros, (token.shape[0], self.dim))
        h = jnp.tanh(nn.Dense(self.dim)(nn.Embed(VOCAB, self.dim)(token)) + state.value)
        state.value = h
        return nn.Dense(VOCAB)(h)


def greedy(model, params, carry, _):
    token, cache = carry
    logits, updated = model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
    nxt = jnp.argmax(logits, -1)
    return (nxt, updated["cache"]), nxt


def generate(model, params, cache, start, steps=5):
    (_, cache), tokens = scan(functools.partial(greedy, model, params), (start, cache), None, length=steps)
    return tokens, cache


def main():
    lm = ChordLM()
    start = jnp.zeros((2,), jnp.int32)
    variables = lm.init(jax.random.key(0), start)
    tokens, cache = generate(lm, variables["params"], variables["cache"], start)
    lm.apply({"params": variables["params"], "cache": cache}, tokens[-1], mutable=["cache"])
    return None
