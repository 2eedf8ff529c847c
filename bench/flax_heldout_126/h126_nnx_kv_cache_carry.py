# label: ok
# flax-error: none
# class: 1 Decoder.generate runs its own raw lax.scan; the caches travel in the carry and are written back to self.k_cache / self.v_cache / self.index after the loop
"""Greedy generation from a one-layer NNX decoder with nnx.Cache variables.

decode_step takes the caches as arguments and returns the updated ones; generate threads
them through the lax.scan carry and stores the final caches in the module afterwards.
"""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN = 20, 16, 8


class Decoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.qkv = nnx.Linear(DIM, 3 * DIM, use_bias=False, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((MAX_LEN, DIM)))
        self.v_cache = nnx.Cache(jnp.zeros((MAX_LEN, DIM)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def decode_step(self, tok, cache):
        k_cache, v_cache, i = cache
        x = self.embed(tok)
        q, k, v = jnp.split(self.qkv(x), 3)
        k_cache = k_cache.at[i].set(k)
        v_cache = v_cache.at[i].set(v)
        scores = jnp.where(jnp.arange(MAX_LEN) <= i, k_cache @ q, -1e9)
        h = jax.nn.softmax(scores / jnp.sqrt(DIM)) @ v_cache
        return self.out(x + h), (k_cache, v_cache, i + 1)

    def generate(self, bos, steps):
        def body(carry, _):
            tok, cache = carry
            logits, cache = self.decode_step(tok, cache)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return (nxt, cache), nxt

        cache = (self.k_cache.value, self.v_cache.value, self.index.value)
        (_, cache), tokens = jax.lax.scan(body, (bos, cache), None, length=steps)
        self.k_cache.value, self.v_cache.value, self.index.value = cache
        return tokens


def main():
    model = Decoder(rngs=nnx.Rngs(0))
    tokens = model.generate(jnp.array(3, jnp.int32), MAX_LEN - 1)
    print("generated", tokens, "cache index", model.index.value)
    return None
