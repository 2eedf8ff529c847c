# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the decode cache reaches the scan body through InferenceEngine._apply, a stored wrapper around model.apply without mutable
"""Batched greedy generation engine: a decoder with a recurrent cache, driven by lax.scan."""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 16
    dim: int = 8

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        h = nn.Embed(self.vocab, self.dim)(tokens)
        if decode:
            primed = self.has_variable("cache", "state")
            state = self.variable("cache", "state", jnp.zeros, h.shape, h.dtype)
            index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            if primed:
                state.value = 0.9 * state.value + h
                index.value = index.value + 1
                h = state.value
        return nn.Dense(self.vocab)(jnp.tanh(h))


@dataclasses.dataclass
class EngineConfig:
    max_new_tokens: int = 6
    batch_size: int = 2


class InferenceEngine:
    def __init__(self, model: nn.Module, variables: Any, config: EngineConfig):
        self.config = config
        self.variables = variables
        self._apply: Callable = jax.tree_util.Partial(model.apply)

    def _decode_one(self, tokens):
        logits = self._apply(self.variables, tokens, decode=True)
        return jnp.argmax(logits, axis=-1)

    def generate(self, prompt):
        def step(tokens, _):
            nxt = self._decode_one(tokens)
            return nxt, nxt

        _, out = lax.scan(step, prompt, None, length=self.config.max_new_tokens)
        return out.T


def main():
    cfg = EngineConfig()
    model = TinyDecoder()
    prompt = jnp.zeros((cfg.batch_size,), jnp.int32)
    variables = model.init(jax.random.key(0), prompt, decode=True)
    engine = InferenceEngine(model, variables, cfg)
    engine.generate(prompt).block_until_ready()
    return None
