# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/DecodeAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the decoder's "cache" collection is bound into the fori_loop step by the make_prefill_step factory and written by model.apply in the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax
from jax.lax import fori_loop

MAX_LEN = 8
VOCAB = 12


class DecodeAttention(nn.Module):
    num_heads: int = 2
    head_dim: int = 4
    decode: bool = False

    @nn.compact
    def __call__(self, x):
        batch, length, features = x.shape
        qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), name="qkv")(x)
        query, key, value = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        mask = None
        if self.decode:
            is_initialized = self.has_variable("cache", "cached_key")
            shape = (batch, MAX_LEN, self.num_heads, self.head_dim)
            cached_key = self.variable("cache", "cached_key", jnp.zeros, shape, key.dtype)
            cached_value = self.variable("cache", "cached_value", jnp.zeros, shape, value.dtype)
            cache_index = self.variable("cache", "cache_index", lambda: jnp.array(0, dtype=jnp.int32))
            if is_initialized:
                idx = cache_index.value
                key = lax.dynamic_update_slice(cached_key.value, key, (0, idx, 0, 0))
                value = lax.dynamic_update_slice(cached_value.value, value, (0, idx, 0, 0))
                cached_key.value = key
                cached_value.value = value
                cache_index.value = idx + length
                mask = (jnp.arange(MAX_LEN) < idx + length)[None, None, None, :]
        out = nn.dot_product_attention(query, key, value, mask=mask)
        return nn.DenseGeneral(features, axis=(-2, -1), name="out")(out)


class DecoderLM(nn.Module):
    features: int = 8
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(VOCAB, self.features)(tokens)
        h = h + DecodeAttention(decode=self.decode)(nn.LayerNorm()(h))
        return nn.Dense(VOCAB)(nn.LayerNorm()(h))


def make_prefill_step(model, params, cache, prompt):
    def step(i, logits_buf):
        token = lax.dynamic_slice_in_dim(prompt, i, 1, axis=1)
        logits = model.apply({"params": params, "cache": cache}, token)
        return logits_buf.at[:, i].set(logits[:, 0])

    return step


def main():
    model = DecoderLM(decode=True)
    prompt = jnp.array([[1, 4, 2, 7, 3]], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), prompt[:, :1])
    step = make_prefill_step(model, variables["params"], variables["cache"], prompt)
    logits_buf = jnp.zeros((prompt.shape[0], prompt.shape[1], VOCAB))
    logits = fori_loop(0, prompt.shape[1], step, logits_buf)
    jax.block_until_ready(logits)
    return None
