# label: ok
# flax-error: none
# class: 1 the RNN's own unroll method scans and returns each hidden state as the scan's ys, stored on the module after the loop
"""A vanilla NNX RNN that records its hidden states for later analysis while it unrolls a
sequence with a raw lax.scan.

The working twin: the hidden states leave the loop as the scan's stacked outputs, and the
module stores them after the loop, outside the scan trace.
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
            return h, h

        h, hs = lax.scan(body, h0, xs)
        self.history.extend(list(hs))
        return h


def main():
    rnn = RNN(3, 8, rngs=nnx.Rngs(0))
    xs = jnp.cos(jnp.linspace(0.0, 4.0, 7 * 2 * 3)).reshape(7, 2, 3)
    rnn.unroll(xs)
    states = jnp.stack(rnn.history)
    print(jnp.linalg.norm(states, axis=-1).mean(axis=1))
    return None
