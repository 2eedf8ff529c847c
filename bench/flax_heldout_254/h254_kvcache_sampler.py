# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the decoding cache is an attribute of the Sampler object, read and reassigned inside the while_loop body
"""Temperature / top-k sampling from a tiny causal LM that decodes one token at a time with a KV cache."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB = 13
MAX_LEN = 12


class CachedSelfAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        q = nn.Dense(self.dim, name="query")(x)
        k = nn.Dense(self.dim, name="key")(x)
        v = nn.Dense(self.dim, name="value")(x)
        if decode:
            is_initialized = self.has_variable("cache", "cached_key")
            cached_key = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], self.max_len, self.dim))
            cached_value = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], self.max_len, self.dim))
            cache_index = self.variable("cache", "cache_index", lambda: jnp.array(0, dtype=jnp.int32))
            if is_initialized:
                idx = cache_index.value
                cached_key.value = lax.dynamic_update_slice(cached_key.value, k, (0, idx, 0))
                cached_value.value = lax.dynamic_update_slice(cached_value.value, v, (0, idx, 0))
                cache_index.value = idx + x.shape[1]
                k, v = cached_key.value, cached_value.value
                mask = (jnp.arange(self.max_len) <= idx)[None, None, :]
            else:
                mask = jnp.ones((1, 1, x.shape[1]), dtype=bool)
        else:
            mask = jnp.tril(jnp.ones((x.shape[1], x.shape[1]), dtype=bool))[None]
        scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(self.dim)
        scores = jnp.where(mask, scores, -1e9)
        out = jnp.einsum("bqk,bkd->bqd", nn.softmax(scores, axis=-1), v)
        return nn.Dense(self.dim, name="out")(out)


class TinyLM(nn.Module):
    vocab: int = VOCAB
    dim: int = 16
    max_len: int = MAX_LEN

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = CachedSelfAttention(self.dim, self.max_len)
        self.norm = nn.LayerNorm()

    def __call__(self, tokens, decode: bool = False):
        h = self.embed(tokens)
        h = h + self.attn(self.norm(h), decode=decode)
        return self.embed.attend(h)


def top_k_sample(key, logits, temperature, k):
    logits = logits / temperature
    kth = lax.top_k(logits, k)[0][..., -1:]
    logits = jnp.where(logits < kth, -jnp.inf, logits)
    return jax.random.categorical(key, logits, axis=-1)


@dataclasses.dataclass
class Sampler:
    model: TinyLM
    params: Any
    cache: Any
    temperature: float = 0.8
    top_k: int = 4

    def generate(self, last_token, key, num_tokens):
        batch = last_token.shape[0]

        def cond(state):
            i, *_ = state
            return i < num_tokens

        def body(state):
            i, token, key, out = state
            logits, mutated = self.model.apply(
                {"params": self.params, "cache": self.cache}, token[:, None], decode=True, mutable=["cache"]
            )
            self.cache = mutated["cache"]
            key, sub = jax.random.split(key)
            token = top_k_sample(sub, logits[:, -1], self.temperature, self.top_k)
            return i + 1, token, key, out.at[:, i].set(token)

        init = (0, last_token, key, jnp.zeros((batch, num_tokens), jnp.int32))
        _, last, _, out = lax.while_loop(cond, body, init)
        return out, last


def main():
    model = TinyLM()
    prompt = jnp.array([[1], [2], [3]])
    variables = model.init(jax.random.key(0), prompt, decode=True)
    sampler = Sampler(model, variables["params"], variables["cache"])
    first, last = sampler.generate(prompt[:, 0], jax.random.key(1), 4)
    more, _ = sampler.generate(last, jax.random.key(2), 4)
    jax.block_until_ready(jnp.concatenate([first, more], axis=1))
    return None


if __name__ == "__main__":
    main()
