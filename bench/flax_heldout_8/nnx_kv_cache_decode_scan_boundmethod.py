# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body is a bound method of the decoder; the attention layer writes its KV cache Variables when called
import jax
import jax.numpy as jnp
from flax import nnx


class CachedAttention(nnx.Module):
    def __init__(self, d, max_len, rngs):
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((max_len, d)))
        self.v_cache = nnx.Cache(jnp.zeros((max_len, d)))
        self.index = nnx.Cache(jnp.array(0, dtype=jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.k_cache.value = self.k_cache.value.at[i].set(k)
        self.v_cache.value = self.v_cache.value.at[i].set(v)
        self.index.value = i + 1
        scores = self.k_cache.value @ q
        mask = jnp.arange(scores.shape[0]) <= i
        w = jax.nn.softmax(jnp.where(mask, scores, -1e9))
        return w @ self.v_cache.value


class TinyDecoder(nnx.Module):
    def __init__(self, vocab, d, max_len, rngs):
        self.embed = nnx.Embed(vocab, d, rngs=rngs)
        self.attn = CachedAttention(d, max_len, rngs)
        self.unembed = nnx.Linear(d, vocab, rngs=rngs)

    def _decode_step(self, token, _):
        h = self.attn(self.embed(token))
        nxt = jnp.argmax(self.unembed(h))
        return nxt, nxt

    def generate(self, first_token, steps):
        _, tokens = jax.lax.scan(self._decode_step, first_token, None, length=steps)
        return tokens


def main():
    dec = TinyDecoder(vocab=17, d=8, max_len=12, rngs=nnx.Rngs(0))
    print(dec.generate(jnp.array(3), 10))
    return None
