# label: ok
# flax-error: none
# class: 2 attention weights returned as scan ys and sown once after the raw scan
"""Recurrent attention pooling; each step's attention weights leave the scan as ys and are sown
after the loop, so the intermediates collection holds concrete arrays."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentPool(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, mem, queries):
        q_proj = nn.Dense(self.dim)
        q_proj(queries[0])

        def body(state, q):
            scores = mem @ q_proj(q + state)
            w = nn.softmax(scores)
            return w @ mem, w

        out, attn = jax.lax.scan(body, jnp.zeros(self.dim), queries)
        self.sow("intermediates", "attn", attn)
        return out


def main():
    model = RecurrentPool()
    mem = jnp.ones((6, 8))
    qs = jnp.ones((4, 8))
    v = model.init(jax.random.key(0), mem, qs)
    out, inter = model.apply({"params": v["params"]}, mem, qs, mutable=["intermediates"])
    attn = jnp.stack(inter["intermediates"]["attn"])
    print(attn.sum())
    return None
