# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 lax.scan step calls the outside nnx.GRUCell and appends each new hidden state to a Python list defined outside the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def main():
    cell = nnx.GRUCell(3, 5, rngs=nnx.Rngs(0))
    xs = jnp.ones((6, 2, 3))
    hidden_states = []

    def step(h, x):
        h, _ = cell(h, x)
        hidden_states.append(h)
        return h, None

    h_last, _ = jax.lax.scan(step, jnp.zeros((2, 5)), xs)
    all_h = jnp.stack(hidden_states)
    print(all_h.shape, h_last.shape)
    return None
