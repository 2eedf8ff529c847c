# label: ok
# flax-error: none
# class: 2 hidden state taken off the module, threaded through the raw scan carry, stored back after
"""Stateful LSTM ported from Keras/PyTorch; the scan carries the hidden state explicitly and the
module's attribute is set once after the loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class StatefulLSTM(nnx.Module):
    def __init__(self, din, dh, rngs):
        self.cell = nnx.OptimizedLSTMCell(din, dh, rngs=rngs)
        self.dh = dh
        self.carry = nnx.data(None)

    def reset(self, batch):
        self.carry = (jnp.zeros((batch, self.dh)), jnp.zeros((batch, self.dh)))

    def step(self, carry, x):
        return self.cell(carry, x)


def main():
    model = StatefulLSTM(3, 8, nnx.Rngs(0))
    model.reset(2)
    xs = jnp.ones((5, 2, 3))

    def body(carry, x):
        return model.step(carry, x)

    carry, ys = jax.lax.scan(body, model.carry, xs)
    model.carry = carry
    print(ys.shape)
    return None
