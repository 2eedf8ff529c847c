# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body calls a module whose __call__ appends activations to a plain Python list attribute
"""Activation statistics for quantisation calibration, gathered while a sequence is scanned.

Modelled on google/flax#4847 (collecting activation statistics on the module for a
quantisation library); here the calibration taps go to a Python list attribute and are
reduced afterwards.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class TappedCell(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(width, width, rngs=rngs)
        self.taps = []

    def __call__(self, h, x):
        h = jnp.tanh(self.lin(h) + x)
        self.taps.append(jnp.max(jnp.abs(h)))
        return h


def main():
    cell = TappedCell(4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 4))

    def step(h, x):
        return cell(h, x), None

    h, _ = jax.lax.scan(step, jnp.zeros(4), xs)
    absmax = jnp.max(jnp.stack(cell.taps))
    absmax.block_until_ready()
    return None
