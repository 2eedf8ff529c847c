# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a registry factory returns a decode step that closes over model.apply without mutable; the fori_loop body advances the "cache" index
"""Model registry: factories build decode-step functions for a small autoregressive route scorer."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

_REGISTRY = {}


def register(name):
    def deco(fn):
        _REGISTRY[name] = fn
        return fn
    return deco


class CachedDecoder(nn.Module):
    max_len: int = 8
    dim: int = 6

    @nn.compact
    def __call__(self, token_emb):
        keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        q = nn.Dense(self.dim)(token_emb)
        if not self.is_initializing():
            keys.value = keys.value.at[index.value].set(q)
            index.value = index.value + 1
        att = jax.nn.softmax(keys.value @ q)
        return att @ keys.value


@register("cached_decoder")
def make_decode_step(variables, embeddings):
    model = CachedDecoder()

    def decode_step(i, out):
        y = model.apply(variables, embeddings[i])
        return out.at[i].set(y)

    return decode_step


def decode(name, variables, embeddings):
    step = _REGISTRY[name](variables, embeddings)
    return lax.fori_loop(0, embeddings.shape[0], step, jnp.zeros_like(embeddings))


def main():
    emb = jax.random.normal(jax.random.key(0), (8, 6))
    variables = CachedDecoder().init(jax.random.key(1), emb[0])
    decode("cached_decoder", variables, emb)
    return None
