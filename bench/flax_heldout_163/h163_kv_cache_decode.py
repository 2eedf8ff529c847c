# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "k" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body in the decoder's generate calls self.attn, a setup submodule that writes its 'cache' variables (apply without mutable)
"""Greedy decoding with a key/value cache, written with fori_loop.

The attention layer keeps its keys and values in a 'cache' collection and
writes the current position at every call. The decoder's generate method runs
the whole decode in lax.fori_loop; generate is applied like a forward pass,
with the variables returned by init.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MAX_LEN = 8


class CachedAttention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x, t):
        k_cache = self.variable("cache", "k", jnp.zeros, (MAX_LEN, self.dim))
        v_cache = self.variable("cache", "v", jnp.zeros, (MAX_LEN, self.dim))
        q = nn.Dense(self.dim, name="q_proj")(x)
        k = nn.Dense(self.dim, name="k_proj")(x)
        v = nn.Dense(self.dim, name="v_proj")(x)
        k_cache.value = k_cache.value.at[t].set(k)
        v_cache.value = v_cache.value.at[t].set(v)
        scores = k_cache.value @ q / jnp.sqrt(self.dim)
        scores = jnp.where(jnp.arange(MAX_LEN) <= t, scores, -1e9)
        return jax.nn.softmax(scores) @ v_cache.value


class Decoder(nn.Module):
    vocab: int = 20
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = CachedAttention(self.dim)
        self.head = nn.Dense(self.vocab)

    def __call__(self, token, t):
        return self.head(self.attn(self.embed(token), t))

    def generate(self, first_token):
        def body(t, tokens):
            logits = self.head(self.attn(self.embed(tokens[t]), t))
            return tokens.at[t + 1].set(jnp.argmax(logits))

        tokens = jnp.zeros(MAX_LEN + 1, jnp.int32).at[0].set(first_token)
        return lax.fori_loop(0, MAX_LEN, body, tokens)


def main():
    model = Decoder()
    variables = model.init(jax.random.key(0), jnp.array(3), 0)
    tokens = model.apply(variables, jnp.array(3), method=Decoder.generate)
    print("decoded", tokens)
    return None
