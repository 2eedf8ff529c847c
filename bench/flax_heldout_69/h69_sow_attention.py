# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow called inside a raw lax.scan body over decoding steps; the sown tracer escapes apply
"""Attention-based decoder; the user sows the attention weights of every step to plot them."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class AttnDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, memory, queries):
        proj = nn.Dense(self.hidden)

        def step(ctx, q):
            scores = jnp.einsum("bh,bth->bt", proj(q + ctx), memory)
            weights = jax.nn.softmax(scores, axis=-1)
            self.sow("intermediates", "attention", weights)
            ctx = jnp.einsum("bt,bth->bh", weights, memory)
            return ctx, ctx

        _, outs = scan(step, jnp.zeros(memory.shape[::2]), queries)
        return outs


def main():
    model = AttnDecoder()
    memory = jnp.ones((2, 5, 16))
    queries = jnp.ones((4, 2, 16))
    variables = model.init(jax.random.PRNGKey(0), memory, queries)
    outs, state = model.apply({"params": variables["params"]}, memory, queries, mutable=["intermediates"])
    attention = state["intermediates"]["attention"][0]
    print(jnp.max(attention))
    return None
