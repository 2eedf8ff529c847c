# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 TinyLM.generate runs a raw while_loop whose body writes the module's own nnx.Cache attributes
"""Tiny NNX language model with an explicit key/value cache kept in nnx.Cache variables.
Its generate method decodes greedily with a raw lax.while_loop and appends to
self.k_cache / self.v_cache inside the loop body."""
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

    def step(self, tok, pos):
        h = self.embed(tok)
        q, k, v = jnp.split(self.qkv(h), 3)
        self.k_cache.value = self.k_cache.value.at[pos].set(k)
        self.v_cache.value = self.v_cache.value.at[pos].set(v)
        mask = jnp.arange(MAX_LEN) <= pos
        att = jax.nn.softmax(jnp.where(mask, self.k_cache.value @ q, -1e9))
        return self.head(h + att @ self.v_cache.value)

    def generate(self, tok, n_new):
        def cond(s):
            return s[0] < n_new

        def body(s):
            pos, tok, out = s
            tok = jnp.argmax(self.step(tok, pos)).astype(jnp.int32)
            return pos + 1, tok, out.at[pos].set(tok)

        return lax.while_loop(cond, body, (0, tok, jnp.zeros((n_new,), jnp.int32)))[2]


def main():
    lm = TinyLM(nnx.Rngs(0))
    tokens = lm.generate(jnp.array(2, jnp.int32), 8)
    print(tokens)
    return None
