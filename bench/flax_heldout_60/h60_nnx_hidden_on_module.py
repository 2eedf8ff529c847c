# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'StatefulLSTM' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 sequence model stores its hidden state as a plain attribute on self, called from a raw scan body
"""Stateful LSTM ported from Keras/PyTorch: the hidden state is kept on the module between calls
(`self.carry = ...`) and a raw scan feeds it one frame at a time."""
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

    def __call__(self, x):
        self.carry, y = self.cell(self.carry, x)
        return y


def main():
    model = StatefulLSTM(3, 8, nnx.Rngs(0))
    model.reset(2)
    xs = jnp.ones((5, 2, 3))

    def body(_, x):
        return None, model(x)

    _, ys = jax.lax.scan(body, None, xs)
    print(ys.shape)
    return None
