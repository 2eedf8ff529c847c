# label: trace-context
# flax-error: TraceContextError: Cannot mutate State from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the stateful RNN module's own unroll() runs scan and the body calls self.step, which writes the module's hidden-state Variables
"""A hand-written LSTM cell that keeps (h, c) as nnx Variables so it can be
stepped one token at a time in an online setting, and an unroll() method that
runs it over a whole sequence with scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class State(nnx.Variable):
    pass


class StatefulLSTM(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.gates = nnx.Linear(din + hidden, 4 * hidden, rngs=rngs)
        self.h = State(jnp.zeros(hidden))
        self.c = State(jnp.zeros(hidden))

    def step(self, x):
        z = self.gates(jnp.concatenate([x, self.h.value]))
        i, f, g, o = jnp.split(z, 4)
        self.c.value = nnx.sigmoid(f) * self.c.value + nnx.sigmoid(i) * jnp.tanh(g)
        self.h.value = nnx.sigmoid(o) * jnp.tanh(self.c.value)
        return self.h.value

    def unroll(self, xs):
        def body(carry, x):
            return carry, self.step(x)

        _, hs = scan(body, None, xs)
        return hs


def main():
    lstm = StatefulLSTM(4, 8, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (10, 4))
    hs = lstm.unroll(xs)
    y = lstm.step(xs[0])
    return None
