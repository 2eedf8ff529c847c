# label: ok
# flax-error: none
# class: 1 the lifted nnx.scan runs the RNN step with the cell and the hidden state carried together (the cell's call counter is updated in the body)
import jax
import jax.numpy as jnp
from flax import nnx


class Cell(nnx.Module):
    def __init__(self, d, rngs):
        self.wx = nnx.Linear(d, d, rngs=rngs)
        self.wh = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.calls = nnx.Variable(jnp.array(0))

    def __call__(self, h, x):
        self.calls.value += 1
        return jnp.tanh(self.wx(x) + self.wh(h))


def main():
    cell = Cell(5, nnx.Rngs(0))
    xs = jnp.ones((7, 2, 5))

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def run(carry, x):
        cell, h = carry
        h = cell(h, x)
        return (cell, h), h

    _, hs = run((cell, jnp.zeros((2, 5))), xs)
    jax.block_until_ready(hs)
    assert int(cell.calls.value) == 7
    return None
