# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the raw lax.scan body reads the closed-over nnx.GRUCell and appends each hidden state to a Python list used after the loop
"""Collect per-timestep GRU hidden states for a t-SNE plot, written as if the body ran once per step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SequenceEncoder(nnx.Module):
    def __init__(self, din: int, hidden: int, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, hidden, rngs=rngs)
        self.hidden = hidden


def encode_with_history(encoder, xs):
    hidden_history = []

    def step(h, x):
        h, _ = encoder.cell(h, x)
        hidden_history.append(h)
        return h, None

    h0 = jnp.zeros((xs.shape[1], encoder.hidden))
    h_last, _ = lax.scan(step, h0, xs)
    return h_last, jnp.stack(hidden_history)


def main():
    encoder = SequenceEncoder(6, 16, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (20, 3, 6))
    h_last, history = encode_with_history(encoder, xs)
    history.block_until_ready()
    return None
