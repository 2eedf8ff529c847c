# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the raw while_loop body calls an `@nnx.jit` helper with the outside layer, which the helper only reads
import jax.numpy as jnp
from flax import nnx
from jax import lax

@nnx.jit
def update(layer, z, x):
    return layer(z) + x

def solve(layer, x):
    def body(state):
        i, z = state
        return i + 1, update(layer, z, x)
    return lax.while_loop(lambda s: s[0] < 10, body, (0, jnp.zeros_like(x)))

def main():
    solve(nnx.Linear(6, 6, rngs=nnx.Rngs(0)), jnp.ones((2, 6)))
