# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow and a submodule call inside a raw lax.scan body of a compact method
"""Attention-weights probe: an attention decoder sows its per-step alignment inside lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class AttnDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, memory, queries):  # memory [S, D], queries [T, D]
        query_proj = nn.Dense(self.dim)

        def step(state, q):
            scores = memory @ query_proj(q + state)
            align = jax.nn.softmax(scores)
            self.sow("intermediates", "alignment", align)
            ctx = align @ memory
            return ctx, ctx

        _, ctxs = scan(step, jnp.zeros(self.dim), queries)
        return ctxs


def main():
    memory = jax.random.normal(jax.random.PRNGKey(1), (7, 8))
    queries = jnp.ones((5, 8))
    model = AttnDecoder()
    params = model.init(jax.random.PRNGKey(0), memory, queries)["params"]
    ctxs, inter = model.apply({"params": params}, memory, queries, mutable=["intermediates"])
    jax.tree.map(lambda a: a.block_until_ready(), inter)
    return None
