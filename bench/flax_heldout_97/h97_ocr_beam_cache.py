# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 service -> beam helper -> decoder apply in a while_loop body, 'cache' collection not marked mutable
"""Document OCR post-correction service: a tiny character LM with a decode cache, driven by a beam helper."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB = 20


class CorrectionLM(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, token):
        embed = nn.Embed(VOCAB, self.features)
        is_init = self.has_variable("cache", "state")
        state = self.variable("cache", "state", jnp.zeros, (token.shape[0], self.features))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        h = nn.tanh(nn.Dense(self.features)(embed(token)) + state.value)
        if is_init:
            state.value = h
            index.value = index.value + 1
        return nn.Dense(VOCAB)(h)


class BeamHelper:
    def __init__(self, logits_fn, beam: int, max_len: int):
        self.logits_fn = logits_fn
        self.beam = beam
        self.max_len = max_len

    def greedy(self, first_tokens):
        def cond(carry):
            step, _, _ = carry
            return step < self.max_len

        def body(carry):
            step, tokens, score = carry
            logits = self.logits_fn(tokens)
            nxt = jnp.argmax(logits, -1)
            score = score + jnp.max(jax.nn.log_softmax(logits), -1)
            return step + 1, nxt, score

        return lax.while_loop(cond, body, (0, first_tokens, jnp.zeros(first_tokens.shape)))


class PostCorrectionService:
    def __init__(self):
        self.lm = CorrectionLM()
        tokens = jnp.zeros((4,), jnp.int32)
        self.variables = self.lm.init(jax.random.PRNGKey(0), tokens)
        self.beams = BeamHelper(functools.partial(self.lm.apply, self.variables), beam=4, max_len=6)

    def correct(self, tokens):
        _, best, score = self.beams.greedy(tokens)
        return best, score


def main():
    service = PostCorrectionService()
    best, score = service.correct(jnp.array([3, 5, 7, 1], jnp.int32))
    score.block_until_ready()
    return None
