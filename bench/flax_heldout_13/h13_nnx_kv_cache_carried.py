# label: ok
# flax-error: none
# class: 3 nnx.split(model, nnx.Param, nnx.Cache) outside; the cache state is carried through the raw fori_loop, merged in the body and split back out
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass
class ModelConfig:
    vocab: int = 16
    dim: int = 8
    max_len: int = 6


class CachedAttention(nnx.Module):
    def __init__(self, cfg: ModelConfig, batch: int, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(cfg.dim, 3 * cfg.dim, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((batch, cfg.max_len, cfg.dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index[...]
        self.k_cache[...] = jax.lax.dynamic_update_slice(self.k_cache[...], k, (0, i, 0))
        self.index[...] = i + 1
        w = jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, self.k_cache[...]))
        return jnp.einsum("bqk,bkd->bqd", w, self.k_cache[...]) + v


class TinyLM(nnx.Module):
    def __init__(self, cfg: ModelConfig, batch: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
        self.attn = CachedAttention(cfg, batch, rngs)
        self.lm_head = nnx.Linear(cfg.dim, cfg.vocab, rngs=rngs)

    def __call__(self, tokens):
        return self.lm_head(self.attn(self.embed(tokens)))


def greedy_decode(graphdef, params, cache, first, max_len):
    out = jnp.zeros((first.shape[0], max_len), jnp.int32)

    def body(i, carry):
        tok, cache, out = carry
        lm = nnx.merge(graphdef, params, cache)
        nxt = jnp.argmax(lm(tok[:, None])[:, -1], -1).astype(jnp.int32)
        _, _, cache = nnx.split(lm, nnx.Param, nnx.Cache)
        return nxt, cache, out.at[:, i].set(nxt)

    _, cache, out = jax.lax.fori_loop(0, max_len, body, (first, cache, out))
    return out, cache


def main():
    cfg = ModelConfig()
    lm = TinyLM(cfg, batch=2, rngs=nnx.Rngs(0))
    graphdef, params, cache = nnx.split(lm, nnx.Param, nnx.Cache)
    out, cache = jax.jit(greedy_decode, static_argnums=(0, 4))(
        graphdef, params, cache, jnp.zeros((2,), jnp.int32), cfg.max_len)
    nnx.update(lm, cache)
    int(lm.attn.index[...])
    return None
