# label: ok
# flax-error: none
# class: 1 TinyLM.generate splits self before lax.while_loop; the body merges the model from the loop state and returns its updated state, written back with nnx.update
"""Greedy decoding with a KV cache for a one-layer NNX transformer, in a raw while_loop.

Twin of h117_nnx_kv_cache: the model's state (cache included) is part of the while_loop
state and goes back into the module after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(dim, dim, rngs=rngs)
        self.k = nnx.Linear(dim, dim, rngs=rngs)
        self.v = nnx.Linear(dim, dim, rngs=rngs)
        self.cached_key = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.cached_value = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def __call__(self, x):  # x: [batch, 1, dim]
        i = self.index[...]
        self.cached_key[...] = lax.dynamic_update_slice(self.cached_key[...], self.k(x), (0, i, 0))
        self.cached_value[...] = lax.dynamic_update_slice(self.cached_value[...], self.v(x), (0, i, 0))
        self.index[...] = i + 1
        att = jnp.einsum("bqd,bkd->bqk", self.q(x), self.cached_key[...]) / jnp.sqrt(x.shape[-1])
        att = jnp.where((jnp.arange(self.max_len) <= i)[None, None, :], att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), self.cached_value[...])


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = CachedAttention(dim, max_len, batch, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):  # tok: [batch, 1]
        x = self.embed(tok)
        return self.out(x + self.attn(x))

    def generate(self, tok, steps):
        out = jnp.zeros((tok.shape[0], steps), jnp.int32)
        graphdef, state = nnx.split(self)

        def cond(carry):
            return carry[0] < steps

        def body(carry):
            i, tok, out, state = carry
            model = nnx.merge(graphdef, state)
            logits = model(tok)
            nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
            return i + 1, nxt, out.at[:, i].set(nxt[:, 0]), nnx.state(model)

        _, _, out, state = lax.while_loop(cond, body, (0, tok, out, state))
        nnx.update(self, state)
        return out


def main():
    model = TinyLM(32, 16, 16, 2, rngs=nnx.Rngs(0))
    tokens = model.generate(jnp.array([[3], [5]], jnp.int32), 10)
    print(tokens, model.attn.index[...])
    return None
