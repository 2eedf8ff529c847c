# label: ok
# flax-error: none
# class: 3 the 'cache' collection is returned by apply(mutable=['cache']), reordered by parent beam and kept in the raw while_loop state
"""Hand-written beam search over a cached decoder, the cache carried and gathered like the tokens."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 11
    dim: int = 8

    @nn.compact
    def __call__(self, tok):  # tok: (beams,)
        emb = nn.Embed(self.vocab, self.dim)(tok)
        state = self.variable("cache", "state", jnp.zeros, (tok.shape[0], self.dim))
        h = jnp.tanh(nn.Dense(self.dim)(emb) + state.value)
        state.value = h
        return nn.Dense(self.vocab)(h)


def beam_search(model, variables, beams, max_len):
    params = variables["params"]

    def cond(st):
        return st[0] < max_len

    def body(st):
        t, tokens, scores, cache = st
        logits, mut = model.apply({"params": params, "cache": cache}, tokens[:, t], mutable=["cache"])
        logp = jax.nn.log_softmax(logits) + scores[:, None]
        top, idx = jax.lax.top_k(logp.reshape(-1), beams)
        parent, tok = idx // logits.shape[-1], idx % logits.shape[-1]
        tokens = tokens[parent].at[:, t + 1].set(tok)
        cache = jax.tree.map(lambda c: c[parent], mut["cache"])
        return t + 1, tokens, top, cache

    cache0 = jax.tree.map(jnp.zeros_like, variables["cache"])
    init = (0, jnp.zeros((beams, max_len + 1), jnp.int32), jnp.zeros((beams,)), cache0)
    _, tokens, scores, _ = jax.lax.while_loop(cond, body, init)
    return tokens, scores


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((3,), jnp.int32))
    tokens, scores = beam_search(model, variables, 3, 5)
    tokens.block_until_ready()
    return None
