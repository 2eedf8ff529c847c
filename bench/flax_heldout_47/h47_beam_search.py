# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 BeamSearcher.search closes over self.model and self.variables; the while_loop body applies the model in decode mode with an immutable cache
"""Beam search over a cached decoder, written with jax.lax.while_loop."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedLM(nn.Module):
    vocab: int = 12
    dim: int = 8

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        x = nn.Embed(self.vocab, self.dim)(tokens)
        if decode:
            primed = self.has_variable("cache", "hidden")
            hidden = self.variable("cache", "hidden", jnp.zeros, x.shape, x.dtype)
            if primed:
                hidden.value = jnp.tanh(hidden.value + x)
                x = hidden.value
        return nn.log_softmax(nn.Dense(self.vocab)(x))


class BeamState(NamedTuple):
    step: jnp.ndarray
    tokens: jnp.ndarray
    scores: jnp.ndarray


class BeamSearcher:
    def __init__(self, model, variables, beam_size=3, max_len=5):
        self.model = model
        self.variables = variables
        self.beam_size = beam_size
        self.max_len = max_len

    def _cond(self, state: BeamState):
        return state.step < self.max_len

    def _body(self, state: BeamState):
        logp = self.model.apply(self.variables, state.tokens, decode=True)
        cand = state.scores[:, None] + logp
        flat = cand.reshape(-1)
        top_scores, top_idx = jax.lax.top_k(flat, self.beam_size)
        next_tokens = (top_idx % logp.shape[-1]).astype(jnp.int32)
        return BeamState(state.step + 1, next_tokens, top_scores)

    def search(self, bos):
        init = BeamState(jnp.array(0), jnp.full((self.beam_size,), bos, jnp.int32),
                         jnp.zeros((self.beam_size,)))
        return jax.lax.while_loop(self._cond, self._body, init)


def main():
    model = CachedLM()
    variables = model.init(jax.random.key(0), jnp.zeros((3,), jnp.int32), decode=True)
    searcher = BeamSearcher(model, variables)
    final = searcher.search(bos=1)
    final.scores.block_until_ready()
    return None
