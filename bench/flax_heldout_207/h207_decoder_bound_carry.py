# label: ok
# flax-error: none
# class: 4 the fori_loop body calls self.model.apply(..., method=LM.decode, mutable=["cache"]) with the KV cache taken from and returned to the loop carry
"""Greedy token-by-token decoding with a key/value cache.

The generator keeps the cache itself, passes it through the fori_loop carry, and continues a
second prompt from the cache filled by the first."""
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
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def generate(self, token, n):
        tokens = jnp.zeros(n, jnp.int32)

        def body(t, carry):
            token, cache, tokens = carry
            logits, updates = self.model.apply(
                {"params": self.params, "cache": cache}, token, method=LM.decode, mutable=["cache"]
            )
            token = jnp.argmax(logits).astype(jnp.int32)
            return token, updates["cache"], tokens.at[t].set(token)

        _, self.cache, tokens = jax.lax.fori_loop(0, n, body, (token, self.cache, tokens))
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
