# label: ok
# flax-error: none
# class: 4 a module method (prefill) runs a raw scan that carries the cache arrays and writes the cache variables once after the loop
"""Autoregressive decoder with a key cache: prefill carries the cache arrays through the scan
and stores them in the cache collection after the loop; generation continues from there."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 32
    dim: int = 16
    max_len: int = 8

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.out = nn.Dense(self.vocab)
        self.cached_keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        self.cache_index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def _step(self, keys, idx, token):
        e = self.embed(token)
        keys = keys.at[idx].set(e)
        scores = keys @ e
        scores = jnp.where(jnp.arange(self.max_len) <= idx, scores, -1e9)
        ctx = jax.nn.softmax(scores) @ keys
        return keys, idx + 1, self.out(ctx + e)

    def decode_step(self, token):
        keys, idx, logits = self._step(self.cached_keys.value, self.cache_index.value, token)
        self.cached_keys.value = keys
        self.cache_index.value = idx
        return logits

    def prefill(self, tokens):
        def body(carry, tok):
            keys, idx = carry
            keys, idx, logits = self._step(keys, idx, tok)
            return (keys, idx), logits

        (keys, idx), logits = jax.lax.scan(
            body, (self.cached_keys.value, self.cache_index.value), tokens)
        self.cached_keys.value = keys
        self.cache_index.value = idx
        return logits[-1]


def main():
    model = CachedDecoder()
    prompt = jnp.array([3, 7, 1, 4])
    variables = model.init(jax.random.key(0), prompt[0], method=CachedDecoder.decode_step)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    last, updates = model.apply({"params": params, "cache": cache}, prompt,
                                method=CachedDecoder.prefill, mutable=["cache"])
    token = jnp.argmax(last)
    model.apply({"params": params, "cache": updates["cache"]}, token,
                method=CachedDecoder.decode_step, mutable=["cache"])
    return None
