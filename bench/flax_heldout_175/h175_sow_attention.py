# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the AttentionRNN method that owns the 'intermediates' collection runs the scan and sows in its body
"""Additive-attention RNN; keep the attention weights of every step for plotting."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class AttentionRNN(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, memory, inputs):
        cell = nn.SimpleCell(self.hidden)
        query_proj = nn.Dense(self.hidden)
        key_proj = nn.Dense(self.hidden)
        keys = key_proj(memory)
        h0 = jnp.zeros((self.hidden,))
        h0, _ = cell(h0, jnp.concatenate([inputs[0], memory[0]]))  # creates the cell params
        query_proj(h0)

        def body(h, x):
            scores = keys @ query_proj(h)
            weights = jax.nn.softmax(scores)
            self.sow("intermediates", "attention", weights)
            context = weights @ memory
            h, _ = cell(h, jnp.concatenate([x, context]))
            return h, h

        _, hs = jax.lax.scan(body, h0, inputs)
        return hs


def main():
    model = AttentionRNN()
    memory = jax.random.normal(jax.random.key(0), (7, 8))
    inputs = jax.random.normal(jax.random.key(1), (5, 8))
    variables = model.init(jax.random.key(2), memory, inputs)
    hs, state = model.apply(
        {"params": variables["params"]}, memory, inputs, mutable=["intermediates"]
    )
    attention = jnp.stack(state["intermediates"]["attention"])
    print(attention.shape, attention.sum(-1))
    return None


if __name__ == "__main__":
    main()
