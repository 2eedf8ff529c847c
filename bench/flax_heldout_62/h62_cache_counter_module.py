# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module method (prefill) runs a raw scan whose body writes the module's "cache" variables; the cache is reused by the next apply
"""Autoregressive decoder with a key cache: prefill scans the prompt through decode_step, which
writes the cache collection; generation then continues from the returned cache."""
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

    def decode_step(self, token):
        e = self.embed(token)
        idx = self.cache_index.value
        keys = self.cached_keys.value.at[idx].set(e)
        self.cached_keys.value = keys
        self.cache_index.value = idx + 1
        scores = keys @ e
        scores = jnp.where(jnp.arange(self.max_len) <= idx, scores, -1e9)
        ctx = jax.nn.softmax(scores) @ keys
        return self.out(ctx + e)

    def prefill(self, tokens):
        def body(carry, tok):
            return carry, self.decode_step(tok)

        _, logits = jax.lax.scan(body, None, tokens)
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
