# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow is called through the module closure inside the raw scan body
"""Collecting per-step attention weights of a step-by-step decoder with sow, to plot them
afterwards; the decoder loop is a raw jax.lax.scan inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class StepAttention(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, memory, queries):
        qs = nn.Dense(self.dim)(queries)
        k = nn.Dense(self.dim)(memory)

        def step(ctx, q):
            scores = k @ (q + ctx)
            weights = jax.nn.softmax(scores)
            self.sow("intermediates", "attention", weights)
            ctx = weights @ memory
            return ctx, ctx

        _, ctxs = scan(step, jnp.zeros(memory.shape[-1]), qs)
        return ctxs


def main():
    memory = jnp.ones((5, 8))
    queries = jnp.arange(4 * 8, dtype=jnp.float32).reshape(4, 8) / 32.0
    model = StepAttention()
    params = model.init(jax.random.PRNGKey(0), memory, queries)["params"]
    _, state = model.apply({"params": params}, memory, queries, mutable=["intermediates"])
    attention = jnp.stack(state["intermediates"]["attention"])
    attention.block_until_ready()
    return None
