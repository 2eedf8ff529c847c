# label: ok
# flax-error: none
# class: 2 nnx.fori_loop with the module in the carry, counter updated inside
import jax
import jax.numpy as jnp
from flax import nnx


class Stepper(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(2, 2, rngs=rngs)
        self.n = nnx.Variable(jnp.array(0))

    def __call__(self, x):
        self.n.value += 1
        return self.lin(x)


def main():
    m = Stepper(nnx.Rngs(0))

    def body(i, carry):
        m, x = carry
        return m, m(x)

    m2, x = nnx.fori_loop(0, 4, body, (m, jnp.ones(2)))
    print(m.n.value, x)
    return None
