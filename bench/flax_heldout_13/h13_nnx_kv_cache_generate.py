# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a generate method calls self(...) in a raw fori_loop body and the attention layer writes its nnx.Cache variables there
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
        self.v_cache = nnx.Cache(jnp.zeros((batch, cfg.max_len, cfg.dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index[...]
        self.k_cache[...] = jax.lax.dynamic_update_slice(self.k_cache[...], k, (0, i, 0))
        self.v_cache[...] = jax.lax.dynamic_update_slice(self.v_cache[...], v, (0, i, 0))
        self.index[...] = i + 1
        w = jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", q, self.k_cache[...]))
        return jnp.einsum("bqk,bkd->bqd", w, self.v_cache[...])


class TinyLM(nnx.Module):
    def __init__(self, cfg: ModelConfig, batch: int, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
        self.attn = CachedAttention(cfg, batch, rngs)
        self.lm_head = nnx.Linear(cfg.dim, cfg.vocab, rngs=rngs)

    def __call__(self, tokens):
        return self.lm_head(self.attn(self.embed(tokens)))

    def generate(self, first):
        out = jnp.zeros((first.shape[0], self.cfg.max_len), jnp.int32)

        def body(i, carry):
            tok, out = carry
            nxt = jnp.argmax(self(tok[:, None])[:, -1], -1).astype(jnp.int32)
            return nxt, out.at[:, i].set(nxt)

        return jax.lax.fori_loop(0, self.cfg.max_len, body, (first, out))[1]


def main():
    lm = TinyLM(ModelConfig(), batch=2, rngs=nnx.Rngs(0))
    lm.generate(jnp.zeros((2,), jnp.int32))
    return None
