# label: ok
# flax-error: none
# class: 1 the stateful RNN module's own unroll() runs scan; (h, c) ride in the carry and are written back to the module's Variables after the loop
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

    def cell(self, hc, x):
        h, c = hc
        z = self.gates(jnp.concatenate([x, h]))
        i, f, g, o = jnp.split(z, 4)
        c = nnx.sigmoid(f) * c + nnx.sigmoid(i) * jnp.tanh(g)
        h = nnx.sigmoid(o) * jnp.tanh(c)
        return (h, c), h

    def step(self, x):
        (self.h.value, self.c.value), h = self.cell((self.h.value, self.c.value), x)
        return h

    def unroll(self, xs):
        def body(hc, x):
            return self.cell(hc, x)

        (h, c), hs = scan(body, (self.h.value, self.c.value), xs)
        self.h.value, self.c.value = h, c
        return hs


def main():
    lstm = StatefulLSTM(4, 8, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (10, 4))
    hs = lstm.unroll(xs)
    y = lstm.step(xs[0])
    return None
