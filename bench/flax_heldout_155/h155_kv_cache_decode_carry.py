# label: ok
# flax-error: none
# class: 3 the fori_loop body reads self.params from the Sampler object; the cache enters and leaves the loop in the carry
"""Greedy decoding with a key/value cache (working variant).

The cache is threaded through the fori_loop carry and written back to the sampler only
after the loop has returned.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax
VOCAB, DIM, MAXLEN = 10, 8, 6


class CachedAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x):
        q, k, v = (nn.Dense(self.dim, name=n)(x) for n in ("q", "k", "v"))
        ck = self.variable("cache", "cached_key", jnp.zeros, (self.max_len, self.dim))
        cv = self.variable("cache", "cached_value", jnp.zeros, (self.max_len, self.dim))
        idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        ck.value = ck.value.at[idx.value].set(k)
        cv.value = cv.value.at[idx.value].set(v)
        mask = jnp.arange(self.max_len) <= idx.value
        idx.value = idx.value + 1
        scores = jnp.where(mask, ck.value @ q / jnp.sqrt(self.dim), -1e9)
        return jax.nn.softmax(scores) @ cv.value


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(VOCAB, DIM)(tok)
        x = x + CachedAttention(DIM, MAXLEN, name="attn")(x)
        return nn.Dense(VOCAB)(x)


class Sampler:
    def __init__(self, model, params, cache):
        self.model = model
        self.params = params
        self.cache = cache

    def generate(self, first_tok, steps):
        def body(i, carry):
            tok, cache, out = carry
            logits, mut = self.model.apply({"params": self.params, "cache": cache}, tok,
                                           mutable=["cache"])
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, mut["cache"], out.at[i].set(nxt)

        init = (first_tok, self.cache, jnp.zeros(steps, jnp.int32))
        _, cache, out = lax.fori_loop(0, steps, body, init)
        self.cache = cache
        return out


def main():
    model = TinyLM()
    tok = jnp.array(1, jnp.int32)
    variables = model.init(jax.random.key(0), tok)
    sampler = Sampler(model, variables["params"], variables["cache"])
    out = sampler.generate(tok, MAXLEN - 1)
    used = sampler.cache["attn"]["cache_index"] + 0
    print(out, used)
    return None
