# label: ok
# flax-error: none
# class: 2 NNX LSTM layer steps its LSTMCell with nnx.scan, the cell broadcast (in_axes None) and the hidden state as nnx.Carry
"""The NNX way to run a cell over time (as in the Haiku/Linen-to-NNX migration guides):
nnx.scan over a function that takes the cell, with in_axes=(None, nnx.Carry, 1) so the
cell is broadcast, the carry threaded and the time axis of the inputs scanned."""
import jax
import jax.numpy as jnp
from flax import nnx


class LSTMLayer(nnx.Module):
    def __init__(self, din, hidden, *, rngs: nnx.Rngs):
        self.cell = nnx.LSTMCell(din, hidden, rngs=rngs)
        self.hidden = hidden

    def __call__(self, x):
        # x: [batch, time, din]
        zeros = jnp.zeros((x.shape[0], self.hidden))
        carry = (zeros, zeros)

        @nnx.scan(in_axes=(None, nnx.Carry, 1), out_axes=(nnx.Carry, 1))
        def run(cell, carry, x_t):
            carry, y = cell(carry, x_t)
            return carry, y

        carry, ys = run(self.cell, carry, x)
        return ys


def main():
    layer = LSTMLayer(4, 16, rngs=nnx.Rngs(0))
    ys = layer(jnp.ones((2, 5, 4)))
    assert ys.shape == (2, 5, 16)
    return None
