# label: ok
# flax-error: none
# class: 2 attention weights returned as the scan's stacked outputs (ys) and sown once after the raw lax.scan
"""Attention-based decoder; the attention weights come out of the scan as ys and are sown
outside the loop, as suggested in the discussion."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class AttnDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, memory, queries):
        proj = nn.Dense(self.hidden)
        proj(queries[0])  # create the params outside the loop

        def step(ctx, q):
            scores = jnp.einsum("bh,bth->bt", proj(q + ctx), memory)
            weights = jax.nn.softmax(scores, axis=-1)
            ctx = jnp.einsum("bt,bth->bh", weights, memory)
            return ctx, (ctx, weights)

        _, (outs, attention) = scan(step, jnp.zeros(memory.shape[::2]), queries)
        self.sow("intermediates", "attention", attention)
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
