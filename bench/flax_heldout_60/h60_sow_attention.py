# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow('intermediates') inside a raw scan body, the sown values used after apply
"""Recurrent attention pooling; the author sows each step's attention weights to plot them
later, as the Flax docs show for a non-looping module."""
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
            self.sow("intermediates", "attn", w)
            return w @ mem, None

        out, _ = jax.lax.scan(body, jnp.zeros(self.dim), queries)
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
