# label: ok
# flax-error: none
# class: 2 the local readout of main() goes into the scan body directly; the cell is split and its state enters and leaves through the carry
"""RNN cell with BatchNorm on the recurrent pre-activation, NNX version (working variant).

The cell is split into graphdef and state before the scan; the body merges it, runs a step,
splits it again and returns the new state in the carry; nnx.update writes it back afterwards.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BNCell(nnx.Module):
    def __init__(self, din, hidden, *, rngs):
        self.ih = nnx.Linear(din, hidden, use_bias=False, rngs=rngs)
        self.hh = nnx.Linear(hidden, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.bn(self.ih(x) + self.hh(h)))


def main():
    cell = BNCell(3, 8, rngs=nnx.Rngs(0))
    readout = nnx.Linear(8, 1, rngs=nnx.Rngs(1))
    xs = jax.random.normal(jax.random.key(0), (6, 5, 3))  # time, batch, features

    def body(carry, x):
        h, state = carry
        c = nnx.merge(graphdef, state)
        h = c(h, x)
        _, state = nnx.split(c)
        return (h, state), readout(h)

    cell.train()
    graphdef, state = nnx.split(cell)
    (_, state), ys = lax.scan(body, (jnp.zeros((5, 8)), state), xs)
    nnx.update(cell, state)
    print(jnp.mean(ys ** 2), cell.bn.mean[...])
    return None
