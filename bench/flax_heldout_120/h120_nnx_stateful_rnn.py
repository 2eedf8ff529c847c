# label: trace-context
# flax-error: TraceContextError: Cannot mutate Hidden from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 StatefulRNN.run runs the scan itself and writes its own self.hidden Variable in the body
"""A stateful NNX RNN for streaming input that keeps its hidden state in a Variable.

Modelled on reports where the module's `run` method scans over the sequence with a raw
lax.scan and updates `self.hidden` from the body, as the eager per-step code did.
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
        def body(carry, x):
            return carry, self.step(x)

        _, ys = lax.scan(body, None, xs)
        return ys


def main():
    model = StatefulRNN(3, 8, batch=2, rngs=nnx.Rngs(0))
    xs = jnp.linspace(-1.0, 1.0, 6 * 2 * 3).reshape(6, 2, 3)
    model.step(xs[0])
    ys = model.run(xs[1:])
    jax.block_until_ready(ys)
    return None
