# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the SpreadSimulator's own compact __call__ runs the scan and first creates its SpreadKernel submodule inside the body
"""Wildfire spread simulation: advance a burn-probability grid hour by hour with a learned
spread kernel conditioned on wind and fuel moisture."""
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


class SpreadKernel(nn.Module):
    channels: Sequence[int] = (8, 1)

    @nn.compact
    def __call__(self, grid, drivers):
        h = jnp.concatenate([grid[..., None], drivers], axis=-1)
        for c in self.channels[:-1]:
            h = nn.relu(nn.Conv(c, (3, 3))(h))
        return nn.sigmoid(nn.Conv(self.channels[-1], (3, 3))(h))[..., 0]


class SpreadSimulator(nn.Module):
    hours: int = 6

    @nn.compact
    def __call__(self, ignition, drivers):
        def hour(grid, _):
            spread = SpreadKernel(name="kernel")(grid, drivers)
            grid = jnp.clip(grid + (1.0 - grid) * spread * grid.mean(), 0.0, 1.0)
            return grid, grid.sum()

        grid, burned = jax.lax.scan(hour, ignition, None, length=self.hours)
        return grid, burned


def main():
    size = 12
    ignition = jnp.zeros((size, size)).at[5:7, 5:7].set(1.0)
    drivers = jax.random.normal(jax.random.key(9), (size, size, 2))
    sim = SpreadSimulator()
    variables = sim.init(jax.random.key(0), ignition, drivers)
    grid, burned = sim.apply(variables, ignition, drivers)
    print("burned area", burned.shape, float(grid.sum()))
    return None
