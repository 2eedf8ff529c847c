# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the refiner is a local of refine; its state enters the fori_loop in the carry, but the updated state leaves through a nonlocal that updates the refiner after the loop
"""Weight-tied iterative refinement with an NNX block (Linear + BatchNorm) in lax.fori_loop.

Shape of NNX reports where the user already does split/merge inside the loop body, but
hands the updated state out through a `nonlocal` and returns the incoming state as the carry.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedBlock(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, z, x):
        return nnx.tanh(self.norm(self.linear(z)) + x)


def refine(block, x, steps):
    graphdef, state = nnx.split(block)
    latest = state

    def body(i, carry):
        nonlocal latest
        z, state = carry
        block = nnx.merge(graphdef, state)
        z = block(z, x)
        _, latest = nnx.split(block)
        return z, state

    z, _ = jax.lax.fori_loop(0, steps, body, (jnp.zeros_like(x), state))
    nnx.update(block, latest)
    return z


def main():
    block = TiedBlock(6, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (4, 6))
    refine(block, x, steps=5)
    block.eval()
    z = block(jnp.zeros_like(x), x)
    jax.block_until_ready(z)
    return None
