# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body reads and reassigns self.cache, an attribute of the Sampler object, from apply(..., mutable=['cache'])
"""Greedy decoding with a key/value cache held on a sampler object.

Written like the decode loops in user reports: the cache collection lives on a Python
object and the loop body stores the updated cache back with `self.cache = ...`, so the
cache that is left after the loop was produced inside the traced body.
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
            tok, out = carry
            logits, mut = self.model.apply({"params": self.params, "cache": self.cache}, tok,
                                           mutable=["cache"])
            self.cache = mut["cache"]
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, out.at[i].set(nxt)

        _, out = lax.fori_loop(0, steps, body, (first_tok, jnp.zeros(steps, jnp.int32)))
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
