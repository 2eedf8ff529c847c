# label: ok
# flax-error: none
# class: 3 the fori_loop body in the decoder's generate calls self.attn, a setup submodule; the key/value cache travels in the loop carry
"""Greedy decoding with a key/value cache, written with fori_loop.

The attention layer takes the cached keys and values as arguments and returns
the updated arrays; the decoder's generate method keeps them in the
lax.fori_loop carry next to the decoded tokens. Nothing is written to a Flax
collection, so generate is applied with the params only.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MAX_LEN = 8


class CachedAttention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x, t, k_cache, v_cache):
        q = nn.Dense(self.dim, name="q_proj")(x)
        k = nn.Dense(self.dim, name="k_proj")(x)
        v = nn.Dense(self.dim, name="v_proj")(x)
        k_cache = k_cache.at[t].set(k)
        v_cache = v_cache.at[t].set(v)
        scores = k_cache @ q / jnp.sqrt(self.dim)
        scores = jnp.where(jnp.arange(MAX_LEN) <= t, scores, -1e9)
        return jax.nn.softmax(scores) @ v_cache, k_cache, v_cache


class Decoder(nn.Module):
    vocab: int = 20
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = CachedAttention(self.dim)
        self.head = nn.Dense(self.vocab)

    def __call__(self, token, t):
        empty = jnp.zeros((MAX_LEN, self.dim))
        out, _, _ = self.attn(self.embed(token), t, empty, empty)
        return self.head(out)

    def generate(self, first_token):
        def body(t, carry):
            tokens, k_cache, v_cache = carry
            out, k_cache, v_cache = self.attn(self.embed(tokens[t]), t, k_cache, v_cache)
            tokens = tokens.at[t + 1].set(jnp.argmax(self.head(out)))
            return tokens, k_cache, v_cache

        tokens = jnp.zeros(MAX_LEN + 1, jnp.int32).at[0].set(first_token)
        empty = jnp.zeros((MAX_LEN, self.dim))
        tokens, _, _ = lax.fori_loop(0, MAX_LEN, body, (tokens, empty, empty))
        return tokens


def main():
    model = Decoder()
    variables = model.init(jax.random.key(0), jnp.array(3), 0)
    tokens = model.apply(variables, jnp.array(3), method=Decoder.generate)
    print("decoded", tokens)
    return None
