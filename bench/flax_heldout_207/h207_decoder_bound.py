# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body calls self.lm.decode(...) on a module bound with model.bind(variables, mutable=["cache"]); its attention writes the KV cache
"""Greedy token-by-token decoding with a key/value cache, using a bound module for convenience.

The generator keeps `lm = model.bind(variables, mutable=["cache"])` so it can call lm.decode
step by step, and continues a second prompt from the cache filled by the first."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, D, MAXLEN = 11, 16, 16


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        cached_k = self.variable("cache", "cached_key", jnp.zeros, (MAXLEN, D))
        cached_v = self.variable("cache", "cached_value", jnp.zeros, (MAXLEN, D))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        q = nn.Dense(D, name="query")(x)
        k = nn.Dense(D, name="key")(x)
        v = nn.Dense(D, name="value")(x)
        i = index.value
        cached_k.value = jax.lax.dynamic_update_slice(cached_k.value, k[None], (i, 0))
        cached_v.value = jax.lax.dynamic_update_slice(cached_v.value, v[None], (i, 0))
        index.value = i + 1
        scores = cached_k.value @ q / jnp.sqrt(D)
        scores = jnp.where(jnp.arange(MAXLEN) <= i, scores, -1e9)
        return nn.softmax(scores) @ cached_v.value


class LM(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, D)
        self.attn = CachedSelfAttention()
        self.out = nn.Dense(VOCAB)

    def decode(self, token):
        x = self.embed(token)
        return self.out(x + self.attn(x))


class Generator:
    def __init__(self, model, variables):
        self.lm = model.bind(variables, mutable=["cache"])

    def generate(self, token, n):
        tokens = jnp.zeros(n, jnp.int32)

        def body(t, carry):
            token, tokens = carry
            token = jnp.argmax(self.lm.decode(token)).astype(jnp.int32)
            return token, tokens.at[t].set(token)

        _, tokens = jax.lax.fori_loop(0, n, body, (token, tokens))
        return tokens


def main():
    model = LM()
    variables = model.init(jax.random.key(0), jnp.array(1, jnp.int32), method=LM.decode)
    variables = {"params": variables["params"], "cache": jax.tree.map(jnp.zeros_like, variables["cache"])}
    generator = Generator(model, variables)
    first = generator.generate(jnp.array(3, jnp.int32), 5)
    second = generator.generate(first[-1], 5)
    jnp.concatenate([first, second]).sum()
    return None


if __name__ == "__main__":
    main()
