# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow called inside a raw scan body; the sown values are read after apply
"""Recording per-step attention weights of a recurrent attention decoder with sow."""
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
            self.sow("intermediates", "attention", weights)
            return weights @ memory, None

        q, _ = jax.lax.scan(step, q0, None, length=steps)
        return q


def main():
    model = RecurrentAttention()
    memory = jnp.ones((5, 4))
    variables = model.init(jax.random.PRNGKey(0), memory)
    _, state = model.apply({"params": variables["params"]}, memory, mutable=["intermediates"])
    attention = jnp.stack(state["intermediates"]["attention"])
    jax.block_until_ready(attention)
    return None
