# label: ok
# flax-error: none
# class: 4 apply(mutable=['cache']) inside a raw while_loop, the updated cache carried in the loop state
"""Autoregressive sampling from a tiny decoder with nn.MultiHeadDotProductAttention(decode=True),
written with lax.while_loop; the cache is mutable in apply and rides in the loop state."""
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
        i, _, _, _ = state
        return i < max_len

    def body(state):
        i, tok, cache, out = state
        logits, upd = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        nxt = jnp.argmax(logits[:, -1], -1)[:, None]
        return i + 1, nxt, upd["cache"], out.at[:, i].set(nxt[:, 0])

    start = (0, jnp.zeros((1, 1), jnp.int32), cache, jnp.zeros((1, max_len), jnp.int32))
    _, _, cache, out = lax.while_loop(cond, body, start)
    print(out)
    return None
