# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the RNN's own unroll method scans and appends each hidden state to its self.history list in the body
"""A vanilla NNX RNN that records its hidden states for later analysis while it unrolls a
sequence with a raw lax.scan.

Shape of the reports: the module keeps a plain Python list as a "buffer" and appends to it
in the scan body, as the PyTorch version did; stacking the list after the loop fails.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class RNN(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.wx = nnx.Linear(din, hidden, rngs=rngs)
        self.wh = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.hidden = hidden
        self.history = []

    def unroll(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def body(h, x):
            h = jnp.tanh(self.wx(x) + self.wh(h))
            self.history.append(h)
            return h, None

        h, _ = lax.scan(body, h0, xs)
        return h


def main():
    rnn = RNN(3, 8, rngs=nnx.Rngs(0))
    xs = jnp.cos(jnp.linspace(0.0, 4.0, 7 * 2 * 3)).reshape(7, 2, 3)
    rnn.unroll(xs)
    states = jnp.stack(rnn.history)
    print(jnp.linalg.norm(states, axis=-1).mean(axis=1))
    return None
