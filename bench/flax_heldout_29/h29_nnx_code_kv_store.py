# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,10,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 decode() scan body calls an attention layer that writes keys/values into a plain-Python KV store object held by the model
"""Code-completion decoder with a host-side key/value store for incremental decoding."""
import jax
import jax.numpy as jnp
from flax import nnx


class KVStore:
    def __init__(self):
        self.entries = {}

    def put(self, name, k, v):
        self.entries[name] = (k, v)

    def get(self, name):
        return self.entries[name]


class CachedAttention(nnx.Module):
    def __init__(self, name, dim, max_len, store, rngs):
        self.name = name
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.max_len = max_len
        self.store = store

    def __call__(self, x, cache, pos):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        ck = cache[0].at[:, pos].set(k[:, 0])
        cv = cache[1].at[:, pos].set(v[:, 0])
        self.store.put(self.name, ck, cv)
        valid = jnp.arange(self.max_len) <= pos
        att = jnp.where(valid, jnp.einsum("bqd,bkd->bqk", q, ck), -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), cv), (ck, cv)


class CodeDecoder(nnx.Module):
    def __init__(self, vocab=40, dim=16, max_len=10, *, rngs: nnx.Rngs):
        self.store = KVStore()
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = CachedAttention("layer0", dim, max_len, self.store, rngs)
        self.max_len, self.dim = max_len, dim

    def init_cache(self, batch):
        z = jnp.zeros((batch, self.max_len, self.dim))
        return z, z

    def step(self, tok, cache, pos):
        h, cache = self.attn(self.embed(tok[:, None]), cache, pos)
        return self.embed.attend(h)[:, 0], cache

    def decode(self, first_tok, num_steps):
        def body(carry, pos):
            tok, cache = carry
            logits, cache = self.step(tok, cache, pos)
            nxt = jnp.argmax(logits, -1)
            return (nxt, cache), nxt

        (last, _), toks = jax.lax.scan(body, (first_tok, self.init_cache(first_tok.shape[0])),
                                       jnp.arange(num_steps))
        return last, toks.T


def main():
    model = CodeDecoder(rngs=nnx.Rngs(0))
    last, completion = model.decode(jnp.array([3, 9]), 5)
    k, v = model.store.get("layer0")
    print(completion, float(jnp.abs(k).sum() + jnp.abs(v).sum()))
    return None
