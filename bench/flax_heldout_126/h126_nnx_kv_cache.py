# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Decoder.generate runs its own raw lax.scan and the body calls self.decode_step, which writes self.k_cache / self.v_cache / self.index
"""Greedy generation from a one-layer NNX decoder with nnx.Cache variables.

decode_step appends the new key/value to the module's caches, following the pattern of
the NNX attention cache; generate loops over decode_step with lax.scan.
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

    def decode_step(self, tok):
        x = self.embed(tok)
        q, k, v = jnp.split(self.qkv(x), 3)
        i = self.index.value
        self.k_cache.value = self.k_cache.value.at[i].set(k)
        self.v_cache.value = self.v_cache.value.at[i].set(v)
        self.index.value = i + 1
        scores = jnp.where(jnp.arange(MAX_LEN) <= i, self.k_cache.value @ q, -1e9)
        h = jax.nn.softmax(scores / jnp.sqrt(DIM)) @ self.v_cache.value
        return self.out(x + h)

    def generate(self, bos, steps):
        def body(tok, _):
            nxt = jnp.argmax(self.decode_step(tok)).astype(jnp.int32)
            return nxt, nxt

        _, tokens = jax.lax.scan(body, bos, None, length=steps)
        return tokens


def main():
    model = Decoder(rngs=nnx.Rngs(0))
    tokens = model.generate(jnp.array(3, jnp.int32), MAX_LEN - 1)
    print("generated", tokens, "cache index", model.index.value)
    return None
