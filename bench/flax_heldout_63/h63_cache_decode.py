# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "k" in "/CachedSelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the decoder variables (params + cache) are closed over; apply(decode=True) in the fori_loop body writes the cache without mutable
"""Greedy autoregressive decoding with a key/value cache, loop written with jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, D, MAXLEN = 11, 16, 6


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        qkv = nn.Dense(3 * D)(x)
        q, k, v = jnp.split(qkv, 3, -1)
        ck = self.variable("cache", "k", jnp.zeros, (x.shape[0], MAXLEN, D))
        cv = self.variable("cache", "v", jnp.zeros, (x.shape[0], MAXLEN, D))
        idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if not self.is_initializing():
            ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, idx.value, 0))
            cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, idx.value, 0))
            idx.value = idx.value + 1
        mask = jnp.arange(MAXLEN) < idx.value
        att = jnp.where(mask, jnp.einsum("bqd,bkd->bqk", q, ck.value) / jnp.sqrt(D), -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), cv.value)


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(VOCAB, D)(tok)
        x = x + CachedSelfAttention()(x)
        return nn.Dense(VOCAB)(x)


def main():
    model = TinyLM()
    tok0 = jnp.zeros((2, 1), jnp.int32)
    variables = model.init(jax.random.key(0), tok0)

    def decode_step(i, carry):
        tokens, tok = carry
        logits = model.apply(variables, tok)
        tok = jnp.argmax(logits[:, -1], -1)[:, None].astype(jnp.int32)
        return tokens.at[:, i].set(tok[:, 0]), tok

    tokens, _ = jax.lax.fori_loop(0, MAXLEN, decode_step, (jnp.zeros((2, MAXLEN), jnp.int32), tok0))
    tokens.block_until_ready()
    return None
