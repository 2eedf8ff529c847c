# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an NNX decoder whose nnx.Cache variables are written on every call is closed over by a raw lax.while_loop body
"""Autoregressive generation with an NNX KV cache: decode until EOS or max length in a
jax.lax.while_loop, calling the (captured) model one token at a time."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN, EOS = 16, 8, 10, 1


class Decoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.qkv = nnx.Linear(DIM, 3 * DIM, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((1, MAX_LEN, DIM)))
        self.v_cache = nnx.Cache(jnp.zeros((1, MAX_LEN, DIM)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, token):
        x = self.embed(token)
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.k_cache.value = jax.lax.dynamic_update_slice(self.k_cache.value, k, (0, i, 0))
        self.v_cache.value = jax.lax.dynamic_update_slice(self.v_cache.value, v, (0, i, 0))
        self.index.value = i + 1
        mask = jnp.arange(MAX_LEN) <= i
        att = jnp.where(mask, q @ self.k_cache.value.transpose(0, 2, 1), -1e9)
        h = jax.nn.softmax(att, axis=-1) @ self.v_cache.value
        return self.out(h)


def main():
    model = Decoder(nnx.Rngs(0))

    def cond(carry):
        i, tok, _ = carry
        return (i < MAX_LEN) & (tok[0, 0] != EOS)

    def body(carry):
        i, tok, out = carry
        logits = model(tok)
        nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None].astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt[0, 0])

    init = (0, jnp.zeros((1, 1), jnp.int32), jnp.zeros((MAX_LEN,), jnp.int32))
    _, _, out = jax.lax.while_loop(cond, body, init)
    out.block_until_ready()
    return None
