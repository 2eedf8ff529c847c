# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 jax.jit(functools.partial(generate, model, state)) -> while_loop body -> sample_step -> model.decode_step writes into the dict held by the DecodeState object
# modelled on: AI-Hypercomputer/maxtext tunix/generate/sampler.py (_SamplingState, sample loop) and google/flax#4819 `nnx.while_loop` does not work with `Scan over layers`
"""Greedy generation with a per-sequence key/value cache kept next to an NNX model."""

import functools

import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 12, 8, 6


class DecodeState:
    """Host-side bookkeeping for one generation request."""

    def __init__(self, batch):
        self.cache = {"k": jnp.zeros((batch, MAX_LEN, D)), "v": jnp.zeros((batch, MAX_LEN, D))}


class TinyDecoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.kv = nnx.Linear(D, 2 * D, rngs=rngs)
        self.lm_head = nnx.Linear(D, VOCAB, rngs=rngs)

    def decode_step(self, token, pos, state):
        x = self.embed(token)
        k, v = jnp.split(self.kv(x), 2, axis=-1)
        state.cache["k"] = state.cache["k"].at[:, pos].set(k)
        state.cache["v"] = state.cache["v"].at[:, pos].set(v)
        mask = (jnp.arange(MAX_LEN) <= pos)[None, :, None]
        context = jnp.sum(state.cache["v"] * mask, axis=1) / (pos + 1)
        return self.lm_head(x + context)


def sample_step(model, state, pos, tokens):
    logits = model.decode_step(tokens[:, pos], pos, state)
    return tokens.at[:, pos + 1].set(jnp.argmax(logits, axis=-1))


def generate(model, state, prompt):
    def cond(carry):
        return carry[0] < MAX_LEN - 1

    def body(carry):
        pos, tokens = carry
        return pos + 1, sample_step(model, state, pos, tokens)

    tokens = jnp.zeros((prompt.shape[0], MAX_LEN), jnp.int32).at[:, 0].set(prompt)
    return jax.lax.while_loop(cond, body, (0, tokens))[1]


def main():
    model = TinyDecoder(nnx.Rngs(0))
    state = DecodeState(batch=2)
    run = jax.jit(functools.partial(generate, model, state))
    tokens = run(jnp.array([3, 7]))
    print(tokens)
    cache_norm = jnp.linalg.norm(state.cache["k"])
    print("cache norm", cache_norm)
    return None
