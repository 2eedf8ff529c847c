# label: trace-context
# flax-error: TraceContextError: Cannot mutate Count from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Variable subclass counter incremented by a module called from an inline lax.fori_loop lambda
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class CountingMLP(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.calls = Count(jnp.array(0, jnp.int32))

    def __call__(self, x):
        self.calls.value += 1
        return jnp.tanh(self.linear(x))


def main():
    model = CountingMLP(4, 4, rngs=nnx.Rngs(0))
    x = jnp.ones((2, 4))
    # iterate the map a few times, as in a fixed-point solver
    y = jax.lax.fori_loop(0, 5, lambda i, h: model(h), x)
    y.block_until_ready()
    return None
