# label: ok
# flax-error: none
# class: 1 TinyLM.generate reads its nnx.Cache values into the while_loop carry and writes them back after the loop
"""Tiny NNX language model, twin of h107_nnx_kv_cache_generate: generate copies the cache
arrays into the while_loop state, the body passes them through a pure step, and the final
arrays are assigned to self.k_cache / self.v_cache once the loop is done."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax
VOCAB, DIM, MAX_LEN = 20, 16, 10


class TinyLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.qkv = nnx.Linear(DIM, 3 * DIM, rngs=rngs)
        self.head = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((MAX_LEN, DIM)))
        self.v_cache = nnx.Cache(jnp.zeros((MAX_LEN, DIM)))

    def step(self, tok, pos, k_cache, v_cache):
        h = self.embed(tok)
        q, k, v = jnp.split(self.qkv(h), 3)
        k_cache = k_cache.at[pos].set(k)
        v_cache = v_cache.at[pos].set(v)
        mask = jnp.arange(MAX_LEN) <= pos
        att = jax.nn.softmax(jnp.where(mask, k_cache @ q, -1e9))
        return self.head(h + att @ v_cache), k_cache, v_cache

    def generate(self, tok, n_new):
        def cond(s):
            return s[0] < n_new

        def body(s):
            pos, tok, kc, vc, out = s
            logits, kc, vc = self.step(tok, pos, kc, vc)
            tok = jnp.argmax(logits).astype(jnp.int32)
            return pos + 1, tok, kc, vc, out.at[pos].set(tok)

        init = (0, tok, self.k_cache.value, self.v_cache.value, jnp.zeros((n_new,), jnp.int32))
        _, _, kc, vc, out = lax.while_loop(cond, body, init)
        self.k_cache.value = kc
        self.v_cache.value = vc
        return out


def main():
    lm = TinyLM(nnx.Rngs(0))
    tokens = lm.generate(jnp.array(2, jnp.int32), 8)
    print(tokens)
    return None
