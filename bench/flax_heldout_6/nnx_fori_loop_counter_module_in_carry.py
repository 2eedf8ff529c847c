# label: ok
# flax-error: none
# class: 1 the counting model iterated with nnx.fori_loop, the module passed through the loop carry so its counter may change
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class CountingMLP(nnx.Module):
    def __init__(self, din, *, rngs):
        self.linear = nnx.Linear(din, din, rngs=rngs)
        self.calls = Count(jnp.array(0, jnp.int32))

    def __call__(self, x):
        self.calls.value += 1
        return jnp.tanh(self.linear(x))


def main():
    model = CountingMLP(4, rngs=nnx.Rngs(0))

    def body(i, carry):
        m, h = carry
        return m, m(h)

    model, y = nnx.fori_loop(0, 5, body, (model, jnp.ones((2, 4))))
    assert int(model.calls.value) == 5
    return None
