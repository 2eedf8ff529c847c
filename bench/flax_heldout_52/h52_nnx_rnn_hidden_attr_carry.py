# label: ok
# flax-error: none
# class: 3 the hidden state is read out before the raw scan, carried explicitly, and written back to the Variable after it
"""Stateful RNN in lax.scan: the hidden state goes through the carry and is stored once at the end."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class StatefulRNN(nnx.Module):
    def __init__(self, din, dh, rngs):
        self.cell = nnx.Linear(din + dh, dh, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((1, dh)))

    def step(self, h, x):
        return jnp.tanh(self.cell(jnp.concatenate([x, h], -1)))

    def __call__(self, x):
        self.h.value = self.step(self.h.value, x)
        return self.h.value


def main():
    rnn = StatefulRNN(3, 8, nnx.Rngs(0))
    xs = jnp.ones((6, 1, 3))
    for x in xs[:2]:
        rnn(x)

    def step(h, x):
        h = rnn.step(h, x)
        return h, h

    h_last, hs = scan(step, rnn.h.value, xs)
    rnn.h.value = h_last
    hs.block_until_ready()
    return None
