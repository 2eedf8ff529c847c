# label: ok
# flax-error: none
# class: 3 the decoder's "cache" collection lives on the Generator object (self.cache) and is threaded through the scan carry
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 16
D_MODEL = 8
MAX_LEN = 8


class CachedSelfAttention(nn.Module):
    features: int
    max_len: int

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.features, name="query")(x)
        k = nn.Dense(self.features, name="key")(x)
        v = nn.Dense(self.features, name="value")(x)
        batch = x.shape[0]
        cached_k = self.variable("cache", "cached_key", jnp.zeros, (batch, self.max_len, self.features))
        cached_v = self.variable("cache", "cached_value", jnp.zeros, (batch, self.max_len, self.features))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, dtype=jnp.int32))
        if self.is_initializing():
            mask = jnp.ones((1, 1, x.shape[1]), bool)
        else:
            i = index.value
            cached_k.value = lax.dynamic_update_slice(cached_k.value, k, (0, i, 0))
            cached_v.value = lax.dynamic_update_slice(cached_v.value, v, (0, i, 0))
            index.value = i + 1
            k, v = cached_k.value, cached_v.value
            mask = (jnp.arange(self.max_len) <= i)[None, None, :]
        logits = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(self.features)
        logits = jnp.where(mask, logits, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(logits, axis=-1), v)


class TinyDecoder(nn.Module):
    vocab: int = VOCAB
    features: int = D_MODEL
    max_len: int = MAX_LEN

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(self.vocab, self.features)(tokens)
        h = h + CachedSelfAttention(self.features, self.max_len)(nn.LayerNorm()(h))
        return nn.Dense(self.vocab)(nn.LayerNorm()(h))


class Generator:
    """Greedy decoding that can be resumed: the cache is kept between calls."""

    def __init__(self, model, params, cache):
        self.model = model
        self.params = params
        self.cache = cache

    def step(self, token, cache):
        logits, mutated = self.model.apply(
            {"params": self.params, "cache": cache}, token, mutable=["cache"]
        )
        return jnp.argmax(logits[:, -1], axis=-1)[:, None], mutated["cache"]

    def greedy(self, first_token, num_steps):
        def body(carry, _):
            token, cache = carry
            nxt, cache = self.step(token, cache)
            return (nxt, cache), nxt[:, 0]

        (last, self.cache), tokens = lax.scan(body, (first_token, self.cache), None, length=num_steps)
        return last, tokens.T


def main():
    model = TinyDecoder()
    prompt = jnp.array([[3]], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    gen = Generator(model, variables["params"], variables["cache"])
    last, first_part = gen.greedy(prompt, 3)
    _, second_part = gen.greedy(last, 2)
    jax.block_until_ready((first_part, second_part))
    return None
