# label: ok
# flax-error: none
# class: 2 a module-level greedy_decode helper applies with mutable=['cache'] and threads the cache through the fori_loop carry
"""Greedy decoding loop for a tiny Linen decoder with a key/value cache."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 11
MAX_LEN = 6


class CachedDecoder(nn.Module):
    features: int = 16
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(VOCAB, self.features)(tokens)
        if self.decode:
            is_init = self.has_variable("cache", "keys")
            keys = self.variable("cache", "keys", jnp.zeros, (tokens.shape[0], MAX_LEN, self.features))
            index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            if is_init:
                keys.value = lax.dynamic_update_slice(keys.value, emb, (0, index.value, 0))
                index.value = index.value + 1
            context = keys.value.sum(axis=1, keepdims=True)
        else:
            context = emb
        return nn.Dense(VOCAB)(emb + context)


def greedy_decode(model, params, cache, first_token):
    def body(i, carry):
        tokens, cache = carry
        cur = lax.dynamic_slice(tokens, (0, i), (tokens.shape[0], 1))
        logits, mutated = model.apply({"params": params, "cache": cache}, cur, mutable=["cache"])
        nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return lax.dynamic_update_slice(tokens, nxt, (0, i + 1)), mutated["cache"]

    tokens = jnp.zeros((first_token.shape[0], MAX_LEN), jnp.int32)
    tokens = tokens.at[:, :1].set(first_token)
    tokens, _ = lax.fori_loop(0, MAX_LEN - 1, body, (tokens, cache))
    return tokens


def main():
    model = CachedDecoder(decode=True)
    first = jnp.ones((2, 1), jnp.int32)
    variables = model.init(jax.random.key(0), first)
    out = greedy_decode(model, variables["params"], variables["cache"], first)
    jax.block_until_ready(out)
    return None
