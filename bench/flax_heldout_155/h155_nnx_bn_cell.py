# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local cell of main() goes into the scan body directly; its BatchNorm updates batch statistics inside the body
"""RNN cell with BatchNorm on the recurrent pre-activation, NNX version.

Modelled on reports where an NNX cell holding nnx.BatchNorm is closed over by a raw
jax.lax.scan body in training mode: the running mean and variance are updated on each step.
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

    def body(h, x):
        h = cell(h, x)
        return h, readout(h)

    cell.train()
    _, ys = lax.scan(body, jnp.zeros((5, 8)), xs)
    print(jnp.mean(ys ** 2), cell.bn.mean[...])
    return None
