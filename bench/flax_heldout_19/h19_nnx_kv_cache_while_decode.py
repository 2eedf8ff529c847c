# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a helper decode_step calls the model, whose attention writes nnx.Cache variables, from a raw jax.lax.while_loop body
"""Autoregressive greedy decoding with a key/value cache held in `nnx.Cache` variables.

Modelled on google/flax#4819 (an `autoregressive_decode` while-loop over an NNX LLM with
scan over layers and `nnx.remat`) and on the
cactus-compute/needle#44 decode loop (KV cache plus `jax.lax.while_loop`), written here with
the raw `jax.lax.while_loop` and a model captured from the enclosing function.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CachedAttention(nnx.Module):
    def __init__(self, width, max_len, batch, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(width, 3 * width, rngs=rngs)
        self.out = nnx.Linear(width, width, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.v_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.k_cache.value = lax.dynamic_update_slice(self.k_cache.value, k[:, None], (0, i, 0))
        self.v_cache.value = lax.dynamic_update_slice(self.v_cache.value, v[:, None], (0, i, 0))
        self.index.value = i + 1
        scores = jnp.einsum("bd,btd->bt", q, self.k_cache.value)
        scores = jnp.where(jnp.arange(self.max_len) <= i, scores, -1e9)
        att = jax.nn.softmax(scores, axis=-1)
        return self.out(jnp.einsum("bt,btd->bd", att, self.v_cache.value))


class TinyLM(nnx.Module):
    def __init__(self, vocab, width, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, width, rngs=rngs)
        self.attn = CachedAttention(width, max_len, batch, rngs=rngs)
        self.head = nnx.Linear(width, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.head(self.attn(self.embed(tok)))


def decode_step(model, tok):
    return jnp.argmax(model(tok), axis=-1)


def generate(model, first, steps):
    def cond(state):
        return state[0] < steps

    def body(state):
        i, tok, out = state
        nxt = decode_step(model, tok)
        return i + 1, nxt, out.at[:, i].set(nxt)

    init = (jnp.array(0), first, jnp.zeros((first.shape[0], steps), jnp.int32))
    return lax.while_loop(cond, body, init)[2]


def main():
    model = TinyLM(13, 8, 6, 2, rngs=nnx.Rngs(0))
    seq = generate(model, jnp.array([1, 2], jnp.int32), 4)
    seq.block_until_ready()
    return None
