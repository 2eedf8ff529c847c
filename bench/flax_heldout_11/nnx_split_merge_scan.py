# label: ok
# flax-error: none
# class: 2 nnx.split outside, state carried through scan, nnx.merge inside the body, state returned and merged back
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class Cell(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.calls = Count(jnp.array(0))

    def __call__(self, h, x):
        self.calls.value += 1
        return jnp.tanh(self.lin(h) + x)


def main():
    cell = Cell(nnx.Rngs(0))
    graphdef, state = nnx.split(cell)

    def body(carry, x):
        state, h = carry
        m = nnx.merge(graphdef, state)
        h = m(h, x)
        return (nnx.state(m), h), h

    (state, h), hs = jax.lax.scan(body, (state, jnp.zeros(4)), jnp.ones((5, 4)))
    nnx.update(cell, state)
    print(cell.calls.value)
    return None
