# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local bound decoder (model.bind(..., mutable=['cache'])) is called directly in the scan body
"""Greedy decoding with a KV cache.

The decoder keeps its keys and values in the 'cache' collection.  The script binds the
model once with a mutable cache and lets the scan body call the bound decoder, then reads
the cache index back to see how many positions were filled.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, DIM, MAX_LEN = 16, 8, 6


class CachedDecoder(nn.Module):
    vocab: int = VOCAB
    dim: int = DIM
    max_len: int = MAX_LEN

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        q = nn.Dense(self.dim, name="query")(x)
        k = nn.Dense(self.dim, name="key")(x)
        v = nn.Dense(self.dim, name="value")(x)
        cached_key = self.variable("cache", "cached_key", jnp.zeros, (self.max_len, self.dim))
        cached_value = self.variable("cache", "cached_value", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        if self.is_initializing():
            keys, values = k[None], v[None]
            mask = jnp.ones((1,), bool)
        else:
            i = index.value
            cached_key.value = cached_key.value.at[i].set(k)
            cached_value.value = cached_value.value.at[i].set(v)
            index.value = i + 1
            keys, values = cached_key.value, cached_value.value
            mask = jnp.arange(self.max_len) <= i
        scores = jnp.where(mask, keys @ q / jnp.sqrt(self.dim), -1e9)
        h = jax.nn.softmax(scores) @ values
        return nn.Dense(self.vocab, name="lm_head")(h + x)


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(1, jnp.int32))
    decoder = model.bind(variables, mutable=["cache"])

    def body(tok, _):
        logits = decoder(tok)
        nxt = jnp.argmax(logits).astype(jnp.int32)
        return nxt, nxt

    _, tokens = jax.lax.scan(body, jnp.array(1, jnp.int32), None, length=MAX_LEN - 1)
    filled = decoder.variables["cache"]["cache_index"]
    remaining = MAX_LEN - filled
    print("generated", tokens, "cache positions left:", remaining)
    return None
