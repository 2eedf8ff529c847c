# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 greedy decoding whose lax.while_loop body is the bound method self._decode_step, which writes an NNX cache Variable and index
import jax
import jax.numpy as jnp
from flax import nnx


class Cache(nnx.Variable):
    pass


class TinyDecoder(nnx.Module):
    def __init__(self, vocab, dim, max_len, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, vocab, rngs=rngs)
        self.keys = Cache(jnp.zeros((max_len, dim)))
        self.index = Cache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def _decode_step(self, carry):
        tok, out = carry
        h = self.embed(tok)
        i = self.index.value
        self.keys.value = self.keys.value.at[i].set(h)
        self.index.value = i + 1
        ctx = jnp.sum(self.keys.value, axis=0) / (i + 1)
        nxt = jnp.argmax(self.proj(ctx)).astype(jnp.int32)
        return nxt, out.at[i].set(nxt)

    def _not_done(self, carry):
        return self.index.value < self.max_len

    def generate(self, bos):
        out = jnp.zeros((self.max_len,), jnp.int32)
        return jax.lax.while_loop(self._not_done, self._decode_step, (bos, out))[1]


def main():
    model = TinyDecoder(11, 8, 5, rngs=nnx.Rngs(0))
    toks = model.generate(jnp.array(1, jnp.int32))
    toks.block_until_ready()
    return None
