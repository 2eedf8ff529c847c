# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX decoder keeps its key/value cache and index in nnx.Cache variables; generate() hands the bound method self._decode_step to a raw jax.lax.while_loop
"""A tiny NNX single-head decoder with a hand-written KV cache (nnx.Cache variables, as in
the NNX lm1b/gemma examples). generate() uses jax.lax.while_loop with the bound methods
self._not_done and self._decode_step as cond and body."""
import jax
import jax.numpy as jnp
from flax import nnx


class CachedDecoder(nnx.Module):
    def __init__(self, vocab, dim, max_len, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.max_len = max_len
        self.cached_k = nnx.Cache(jnp.zeros((1, max_len, dim)))
        self.cached_v = nnx.Cache(jnp.zeros((1, max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def step(self, token):
        q, k, v = jnp.split(self.qkv(self.embed(token)), 3, axis=-1)
        i = self.index.value
        self.cached_k.value = jax.lax.dynamic_update_slice(self.cached_k.value, k[:, None], (0, i, 0))
        self.cached_v.value = jax.lax.dynamic_update_slice(self.cached_v.value, v[:, None], (0, i, 0))
        self.index.value = i + 1
        mask = jnp.arange(self.max_len) <= i
        scores = jnp.where(mask, jnp.einsum("bd,btd->bt", q, self.cached_k.value), -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), self.cached_v.value)
        return self.out(ctx)

    def _not_done(self, state):
        i, _, _ = state
        return i < self.max_len

    def _decode_step(self, state):
        i, token, out = state
        token = jnp.argmax(self.step(token), -1).astype(jnp.int32)
        return i + 1, token, out.at[:, i].set(token)

    def generate(self, bos):
        out = jnp.zeros((1, self.max_len), jnp.int32)
        _, _, out = jax.lax.while_loop(self._not_done, self._decode_step, (0, bos, out))
        return out


def main():
    model = CachedDecoder(vocab=10, dim=8, max_len=5, rngs=nnx.Rngs(0))
    out = model.generate(jnp.zeros((1,), jnp.int32))
    assert out.shape == (1, 5)
    return None
