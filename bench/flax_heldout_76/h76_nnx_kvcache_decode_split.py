# label: ok
# flax-error: none
# class: 3 nnx decoder split into graphdef/state; the state (params and nnx.Cache) is carried through the fori_loop, merged in the body and re-split
"""Autoregressive decoding with an NNX transformer block that keeps its own
KV cache, the token loop written with jax.lax.fori_loop and the model state in the
loop carry."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 32, 16, 8


class CachedAttention(nnx.Module):
    def __init__(self, batch, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(D, 3 * D, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((batch, MAX_LEN, D)))
        self.v_cache = nnx.Cache(jnp.zeros((batch, MAX_LEN, D)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):  # x: (batch, 1, D)
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        i = self.index.value
        self.k_cache.value = jax.lax.dynamic_update_slice(self.k_cache.value, k, (0, i, 0))
        self.v_cache.value = jax.lax.dynamic_update_slice(self.v_cache.value, v, (0, i, 0))
        self.index.value = i + 1
        att = jnp.einsum("bqd,bkd->bqk", q, self.k_cache.value) / jnp.sqrt(D)
        att = jnp.where(jnp.arange(MAX_LEN) <= i, att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), self.v_cache.value)


class Decoder(nnx.Module):
    def __init__(self, batch, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.attn = CachedAttention(batch, rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def __call__(self, tok):
        x = self.embed(tok)
        return self.head(x + self.attn(x))


def main():
    model = Decoder(batch=1, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    out = jnp.zeros((1, MAX_LEN), jnp.int32)

    def body(t, carry):
        out, state = carry
        m = nnx.merge(graphdef, state)
        tok = jax.lax.dynamic_slice(out, (0, t - 1), (1, 1))
        logits = m(tok)
        nxt = jnp.argmax(logits[:, -1], -1)
        return out.at[:, t].set(nxt), nnx.state(m)

    out, state = jax.lax.fori_loop(1, MAX_LEN, body, (out, state))
    nnx.update(model, state)
    out.block_until_ready()
    return None
