# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 decoder argument's next_logits -> attn.decode_one writes KVCache Variables inside a raw while_loop body
"""Small NNX decoder with cache Variables; greedy decoding in a raw while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class KVCache(nnx.Variable):
    pass


class SelfAttention(nnx.Module):
    def __init__(self, dim, max_len, rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.k_cache = KVCache(jnp.zeros((max_len, dim)))
        self.v_cache = KVCache(jnp.zeros((max_len, dim)))
        self.pos = KVCache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def decode_one(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        self.k_cache[...] = self.k_cache[...].at[self.pos[...]].set(k)
        self.v_cache[...] = self.v_cache[...].at[self.pos[...]].set(v)
        self.pos[...] = self.pos[...] + 1
        mask = jnp.arange(self.max_len) < self.pos[...]
        w = jax.nn.softmax(jnp.where(mask, self.k_cache[...] @ q, -1e9))
        return w @ self.v_cache[...]


class Decoder(nnx.Module):
    def __init__(self, vocab=12, dim=16, max_len=6, rngs=None):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = SelfAttention(dim, max_len, rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def next_logits(self, tok):
        h = self.embed(tok)
        return self.out(h + self.attn.decode_one(h))


def greedy(decoder, bos, max_len):
    def cond(s):
        return s[0] < max_len

    def body(s):
        i, tok, out = s
        nxt = jnp.argmax(decoder.next_logits(tok)).astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt)

    return while_loop(cond, body, (0, bos, jnp.zeros(max_len, jnp.int32)))[2]


def main():
    dec = Decoder(rngs=nnx.Rngs(0))
    toks = greedy(dec, jnp.array(1, jnp.int32), 6)
    return None
