# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 attention cache variables updated by self(...) inside a fori_loop body of a decoder method run through apply(method=..., mutable=['cache'])
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DecodeConfig:
    vocab: int = 16
    dim: int = 8
    max_len: int = 6


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode=False):
        q = nn.Dense(self.dim, name="query")(x)
        k = nn.Dense(self.dim, name="key")(x)
        v = nn.Dense(self.dim, name="value")(x)
        if decode:
            shape = (x.shape[0], self.max_len, self.dim)
            ck = self.variable("cache", "cached_key", jnp.zeros, shape)
            cv = self.variable("cache", "cached_value", jnp.zeros, shape)
            idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            i = idx.value
            ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0))
            cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0))
            idx.value = i + 1
            k, v = ck.value, cv.value
        w = jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(self.dim))
        return jnp.einsum("bqk,bkd->bqd", w, v)


class TinyDecoder(nn.Module):
    cfg: DecodeConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.dim)
        self.attn = CachedSelfAttention(self.cfg.dim, self.cfg.max_len)
        self.logits = nn.Dense(self.cfg.vocab)

    def __call__(self, tokens, decode=False):
        return self.logits(self.attn(self.embed(tokens), decode=decode))

    def greedy(self, first_token):
        def body(i, carry):
            tok, out = carry
            logits = self(tok[:, None], decode=True)
            nxt = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
            return nxt, out.at[:, i].set(nxt)

        out = jnp.zeros((first_token.shape[0], self.cfg.max_len), jnp.int32)
        _, out = jax.lax.fori_loop(0, self.cfg.max_len, body, (first_token, out))
        return out


def main():
    cfg = DecodeConfig()
    model = TinyDecoder(cfg)
    tokens = jnp.zeros((2, cfg.max_len), jnp.int32)
    params = model.init(jax.random.key(0), tokens)["params"]
    cache = model.init(jax.random.key(0), tokens[:, :1], decode=True)["cache"]
    cache = jax.tree.map(jnp.zeros_like, cache)
    out, mutated = model.apply({"params": params, "cache": cache}, tokens[:, 0],
                               method=TinyDecoder.greedy, mutable=["cache"])
    jax.tree.map(lambda a: a + 0, mutated)
    return None
