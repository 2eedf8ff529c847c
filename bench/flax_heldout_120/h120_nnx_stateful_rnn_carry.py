# label: ok
# flax-error: none
# class: 1 StatefulRNN.run runs the scan itself; its self.hidden value enters as the carry and is written back after the loop
"""A stateful NNX RNN for streaming input that keeps its hidden state in a Variable.

The hidden state is read once before the scan, carried through the body, and stored back in
`self.hidden` after the loop; the per-step readouts leave as scan outputs.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Hidden(nnx.Variable):
    pass


class StatefulRNN(nnx.Module):
    def __init__(self, din, dh, batch, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.readout = nnx.Linear(dh, 1, rngs=rngs)
        self.hidden = Hidden(jnp.zeros((batch, dh)))

    def step(self, x):
        self.hidden.value, y = self.cell(self.hidden.value, x)
        return self.readout(y)

    def run(self, xs):
        def body(h, x):
            h, y = self.cell(h, x)
            return h, self.readout(y)

        h, ys = lax.scan(body, self.hidden.value, xs)
        self.hidden.value = h
        return ys


def main():
    model = StatefulRNN(3, 8, batch=2, rngs=nnx.Rngs(0))
    xs = jnp.linspace(-1.0, 1.0, 6 * 2 * 3).reshape(6, 2, 3)
    model.step(xs[0])
    ys = model.run(xs[1:])
    jax.block_until_ready(ys)
    return None
