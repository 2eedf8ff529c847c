# label: ok
# flax-error: none
# class: 5 make_decode_step() returns a step closure over params that takes the 'cache' collection from the while_loop carry and returns the new one
"""Greedy autoregressive decoding with a key/value cache and a jax.lax.while_loop.

Twin of h196_kv_cache_decode: the cache enters and leaves the body through the loop carry, with
apply(mutable=['cache']) inside the step.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class CachedSelfAttention(nn.Module):
    features: int
    max_len: int

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.features, name='q')(x)
        k = nn.Dense(self.features, name='k')(x)
        v = nn.Dense(self.features, name='v')(x)
        shape = (x.shape[0], self.max_len, self.features)
        cached_k = self.variable('cache', 'cached_key', jnp.zeros, shape)
        cached_v = self.variable('cache', 'cached_value', jnp.zeros, shape)
        index = self.variable('cache', 'cache_index', lambda: jnp.array(0, jnp.int32))
        i = index.value
        cached_k.value = jax.lax.dynamic_update_slice(cached_k.value, k, (0, i, 0))
        cached_v.value = jax.lax.dynamic_update_slice(cached_v.value, v, (0, i, 0))
        index.value = i + 1
        scores = jnp.einsum('bqf,bkf->bqk', q, cached_k.value) / jnp.sqrt(self.features)
        scores = jnp.where(jnp.arange(self.max_len) <= i, scores, -1e9)
        return jnp.einsum('bqk,bkf->bqf', nn.softmax(scores), cached_v.value)


class TinyDecoder(nn.Module):
    vocab: int = 11
    features: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.features)(tokens)
        x = x + CachedSelfAttention(self.features, self.max_len)(x)
        return nn.Dense(self.vocab)(x)


def make_decode_step(model, params):
    def step(tokens, cache):
        logits, mutated = model.apply({'params': params, 'cache': cache}, tokens, mutable=['cache'])
        return jnp.argmax(logits[:, -1], axis=-1)[:, None], mutated['cache']
    return step


def main():
    model = TinyDecoder()
    prompt = jnp.array([[1], [2]], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    cache = jax.tree.map(jnp.zeros_like, variables['cache'])
    step = make_decode_step(model, variables['params'])
    out = jnp.zeros((2, model.max_len), jnp.int32).at[:, 0].set(prompt[:, 0])

    def cond(carry):
        i, _, _, _ = carry
        return i < model.max_len - 1

    def body(carry):
        i, tok, out, cache = carry
        tok, cache = step(tok, cache)
        return i + 1, tok, out.at[:, i + 1].set(tok[:, 0]), cache

    _, _, out, _ = while_loop(cond, body, (0, prompt, out, cache))
    print(out)
    return None


if __name__ == "__main__":
    main()
