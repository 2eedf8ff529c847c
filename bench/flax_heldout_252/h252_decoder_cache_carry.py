# label: ok
# flax-error: none
# class: 4 generator.state.cache enters the fori_loop in the carry; the body applies generator.model with mutable=['cache'] and carries the new cache
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        q = nn.Dense(self.dim, name="query")(x)
        k = nn.Dense(self.dim, name="key")(x)
        v = nn.Dense(self.dim, name="value")(x)
        mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), bool))
        if decode:
            initialized = self.has_variable("cache", "cached_key")
            shape = (x.shape[0], self.max_len, self.dim)
            cached_key = self.variable("cache", "cached_key", jnp.zeros, shape)
            cached_value = self.variable("cache", "cached_value", jnp.zeros, shape)
            cache_index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
            if initialized:
                i = cache_index.value
                cached_key.value = lax.dynamic_update_slice(cached_key.value, k, (0, i, 0))
                cached_value.value = lax.dynamic_update_slice(cached_value.value, v, (0, i, 0))
                cache_index.value = i + 1
                k, v = cached_key.value, cached_value.value
                mask = (jnp.arange(self.max_len) <= i)[None, :]
        scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(self.dim)
        scores = jnp.where(mask[None], scores, -1e9)
        return jnp.einsum("bqk,bkd->bqd", nn.softmax(scores), v)


class TinyLM(nn.Module):
    vocab_size: int = 11
    dim: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        x = nn.Embed(self.vocab_size, self.dim)(tokens)
        x = x + CachedSelfAttention(self.dim, self.max_len)(x, decode=decode)
        return nn.Dense(self.vocab_size)(x)


@dataclasses.dataclass
class DecodeState:
    params: dict
    cache: dict


@dataclasses.dataclass
class Generator:
    model: TinyLM
    state: DecodeState

    def greedy(self, first_token, steps):
        def body(t, carry):
            token, cache, out = carry
            logits, mutated = self.model.apply(
                {"params": self.state.params, "cache": cache}, token[:, None], decode=True, mutable=["cache"]
            )
            token = jnp.argmax(logits[:, -1], axis=-1)
            return token, mutated["cache"], out.at[:, t].set(token)

        out = jnp.zeros((first_token.shape[0], steps), jnp.int32)
        _, cache, out = lax.fori_loop(0, steps, body, (first_token, self.state.cache, out))
        self.state.cache = cache
        return out


def main():
    model = TinyLM()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((2, 1), jnp.int32), decode=True)
    generator = Generator(model, DecodeState(variables["params"], variables["cache"]))
    tokens = generator.greedy(jnp.array([1, 2]), steps=5)
    jax.block_until_ready((tokens, generator.state.cache))
