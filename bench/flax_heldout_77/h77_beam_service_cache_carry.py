# label: ok
# flax-error: none
# class: 4 the decoder's "cache" collection is part of the raw lax.while_loop carry; each step calls model.apply(mutable=["cache"]) and returns the new cache
"""Beam-search decoder packaged as a service: greedy-extends the top beams until EOS."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

VOCAB, BEAMS, MAX_LEN, EOS = 11, 3, 6, 0


class CachedDecoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, token):
        state = self.variable("cache", "state", jnp.zeros, (BEAMS, self.hidden))
        emb = nn.Embed(VOCAB, self.hidden)(token)
        h = nn.tanh(nn.Dense(self.hidden)(emb) + state.value)
        state.value = h
        return nn.log_softmax(nn.Dense(VOCAB)(h))


class DecoderRuntime:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def empty_cache(self):
        return self.model.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))["cache"]

    def step(self, cache, token):
        logp, updates = self.model.apply({"params": self.params, "cache": cache}, token, mutable=["cache"])
        return logp, updates["cache"]


class BeamSearchService:
    def __init__(self, runtime):
        self.runtime = runtime

    def decode(self, bos):
        def cond(carry):
            t, tokens, scores, done, cache = carry
            return (t < MAX_LEN) & ~jnp.all(done)

        def body(carry):
            t, tokens, scores, done, cache = carry
            logp, cache = self.runtime.step(cache, tokens[:, t])
            nxt = jnp.argmax(logp, -1)
            scores = scores + jnp.where(done, 0.0, logp.max(-1))
            done = done | (nxt == EOS)
            return t + 1, tokens.at[:, t + 1].set(nxt), scores, done, cache

        tokens = jnp.zeros((BEAMS, MAX_LEN + 1), jnp.int32).at[:, 0].set(bos)
        init = (0, tokens, jnp.zeros((BEAMS,)), jnp.zeros((BEAMS,), bool), self.runtime.empty_cache())
        _, tokens, scores, _, cache = while_loop(cond, body, init)
        return tokens, scores, jnp.linalg.norm(cache["state"])


def main():
    model = CachedDecoder()
    params = model.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))["params"]
    service = BeamSearchService(DecoderRuntime(model, params))
    service.decode(jnp.array([1, 2, 3]))
    return None
