# label: ok
# flax-error: none
# class: 3 per-step attention weights returned as scan ys and sown once after the loop
"""Recording attention weights, fixed: emit them as scan outputs, sow the stacked array."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentAttention(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, memory, steps: int = 3):
        query = nn.Dense(self.dim)
        q0 = jnp.zeros((self.dim,))
        query(q0)

        def step(q, _):
            weights = jax.nn.softmax(memory @ query(q))
            return weights @ memory, weights

        q, all_weights = jax.lax.scan(step, q0, None, length=steps)
        self.sow("intermediates", "attention", all_weights)
        return q


def main():
    model = RecurrentAttention()
    memory = jnp.ones((5, 4))
    variables = model.init(jax.random.PRNGKey(0), memory)
    _, state = model.apply({"params": variables["params"]}, memory, mutable=["intermediates"])
    attention = jnp.stack(state["intermediates"]["attention"])
    jax.block_until_ready(attention)
    return None
