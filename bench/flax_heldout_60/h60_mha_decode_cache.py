# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 apply of a decode=True attention model inside a raw while_loop, cache passed in but not mutable
"""Autoregressive sampling from a tiny decoder with nn.MultiHeadDotProductAttention(decode=True),
written with lax.while_loop; the cache collection is passed to apply on every step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 13
    dim: int = 16
    decode: bool = False

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, decode=self.decode)(x, x)
        return nn.Dense(self.vocab)(x)


def main():
    max_len = 6
    model = TinyDecoder(decode=True)
    variables = model.init(jax.random.key(0), jnp.ones((1, max_len), jnp.int32))
    params, cache = variables["params"], variables["cache"]

    def cond(state):
        i, _, _ = state
        return i < max_len

    def body(state):
        i, tok, out = state
        logits = model.apply({"params": params, "cache": cache}, tok)
        nxt = jnp.argmax(logits[:, -1], -1)[:, None]
        return i + 1, nxt, out.at[:, i].set(nxt[:, 0])

    start = (0, jnp.zeros((1, 1), jnp.int32), jnp.zeros((1, max_len), jnp.int32))
    _, _, out = lax.while_loop(cond, body, start)
    print(out)
    return None
