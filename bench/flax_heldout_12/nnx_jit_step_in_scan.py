# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an @nnx.jit step function is handed the outside model from inside a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Cell(nnx.Module):
    def __init__(self, d, rngs):
        self.wx = nnx.Linear(d, d, rngs=rngs)
        self.wh = nnx.Linear(d, d, use_bias=False, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.wx(x) + self.wh(h))


@nnx.jit
def cell_step(cell, h, x):
    return cell(h, x)


def main():
    cell = Cell(5, nnx.Rngs(0))
    xs = jnp.ones((7, 2, 5))

    def body(h, x):
        h = cell_step(cell, h, x)
        return h, h

    _, hs = jax.lax.scan(body, jnp.zeros((2, 5)), xs)
    jax.block_until_ready(hs)
    return None
