# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 jax.lax.while_loop body inside the NNX generate() method calls self.decode_step, which writes a KV-cache Variable
"""Protein language model decoding residues token by token with a key/value cache."""
import jax
import jax.numpy as jnp
from flax import nnx


class KVCache(nnx.Variable):
    pass


class ProteinLM(nnx.Module):
    def __init__(self, vocab=25, dim=16, max_len=12, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.k = KVCache(jnp.zeros((max_len, dim)))
        self.v = KVCache(jnp.zeros((max_len, dim)))
        self.max_len = max_len

    def decode_step(self, token, pos):
        q, k, v = jnp.split(self.qkv(self.embed(token)), 3)
        self.k.value = self.k.value.at[pos].set(k)
        self.v.value = self.v.value.at[pos].set(v)
        mask = jnp.arange(self.max_len) <= pos
        att = jnp.where(mask, self.k.value @ q, -1e9)
        ctx = jax.nn.softmax(att) @ self.v.value
        return self.out(ctx)

    def generate(self, start_token, n_new):
        def cond(state):
            pos, _, _ = state
            return pos < n_new

        def body(state):
            pos, tok, seq = state
            nxt = jnp.argmax(self.decode_step(tok, pos))
            return pos + 1, nxt, seq.at[pos].set(nxt)

        _, _, seq = jax.lax.while_loop(cond, body, (0, start_token, jnp.zeros((n_new,), jnp.int32)))
        return seq


def main():
    lm = ProteinLM(rngs=nnx.Rngs(0))
    seq = lm.generate(jnp.array(1), 8)
    seq.block_until_ready()
    return None
