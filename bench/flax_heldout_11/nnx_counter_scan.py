# label: trace-context
# flax-error: TraceContextError: Cannot mutate Counter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an outside nnx.Variable counter incremented in an inline lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Counter(nnx.Variable):
    pass


class Cell(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.calls = Counter(jnp.array(0))

    def __call__(self, h, x):
        self.calls.value += 1
        return jnp.tanh(self.lin(h) + x)


def main():
    cell = Cell(nnx.Rngs(0))
    xs = jnp.ones((5, 4))

    def body(h, x):
        h = cell(h, x)
        return h, h

    h, hs = jax.lax.scan(body, jnp.zeros(4), xs)
    print(cell.calls.value)
    return None
