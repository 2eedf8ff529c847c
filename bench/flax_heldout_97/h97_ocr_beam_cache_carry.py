# label: ok
# flax-error: none
# class: 4 service -> beam helper -> decoder apply with mutable 'cache', cache threaded through the while_loop carry
"""Document OCR post-correction service: a tiny character LM with a decode cache, driven by a beam helper."""
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
    def __init__(self, lm, params, beam: int, max_len: int):
        self.lm = lm
        self.params = params
        self.beam = beam
        self.max_len = max_len

    def logits_fn(self, cache, tokens):
        logits, upd = self.lm.apply({"params": self.params, "cache": cache}, tokens, mutable=["cache"])
        return logits, upd["cache"]

    def greedy(self, first_tokens, cache):
        def cond(carry):
            return carry[0] < self.max_len

        def body(carry):
            step, tokens, score, cache = carry
            logits, cache = self.logits_fn(cache, tokens)
            nxt = jnp.argmax(logits, -1)
            score = score + jnp.max(jax.nn.log_softmax(logits), -1)
            return step + 1, nxt, score, cache

        return lax.while_loop(cond, body, (0, first_tokens, jnp.zeros(first_tokens.shape), cache))


class PostCorrectionService:
    def __init__(self):
        self.lm = CorrectionLM()
        tokens = jnp.zeros((4,), jnp.int32)
        self.variables = self.lm.init(jax.random.PRNGKey(0), tokens)
        self.beams = BeamHelper(self.lm, self.variables["params"], beam=4, max_len=6)

    def correct(self, tokens):
        _, best, score, _ = self.beams.greedy(tokens, self.variables["cache"])
        return best, score


def main():
    service = PostCorrectionService()
    best, score = service.correct(jnp.array([3, 5, 7, 1], jnp.int32))
    score.block_until_ready()
    return None
