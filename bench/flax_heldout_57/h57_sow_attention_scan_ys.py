# label: ok
# flax-error: none
# class: 1 the scan body returns the attention weights as ys and sow is called once after the loop
"""The suggested fix: return the per-step weights as the scan's stacked output and sow the
stacked array outside the loop."""
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
            ctx = weights @ memory
            return ctx, (ctx, weights)

        _, (ctxs, weights) = scan(step, jnp.zeros(memory.shape[-1]), qs)
        self.sow("intermediates", "attention", weights)
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
