# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 functools.partial of a free function over the bound module is the lax.scan body; it updates the mutable 'cache' collection
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


class Generator(nn.Module):
    steps: int = 5

    @nn.compact
    def __call__(self, start):
        lm = ChordLM()
        lm(start)  # params and cache created outside the loop

        def greedy(model, token, _):
            logits = model(token)
            nxt = jnp.argmax(logits, -1)
            return nxt, nxt

        _, tokens = scan(functools.partial(greedy, lm), start, None, length=self.steps)
        return tokens


def main():
    gen = Generator()
    start = jnp.zeros((2,), jnp.int32)
    variables = gen.init(jax.random.key(0), start)
    tokens, updated = gen.apply(variables, start, mutable=["cache"])
    gen.apply({"params": variables["params"], **updated}, tokens[-1], mutable=["cache"])
    return None
