# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 ClimateController wraps its room block with nn.remat and calls the remat-wrapped block from a fori_loop body inside __call__
"""Museum gallery climate controller.

Humidity and temperature setpoints are relaxed toward the conservation band by
repeated passes of a room block. The block is wrapped with nn.remat because the
production controller runs many relaxation passes per gallery.
"""
import os

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

PASSES = int(os.environ.get("CLIMATE_PASSES", "5"))


class RoomBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        return h + 0.1 * nn.tanh(nn.Dense(self.width)(h))


class ClimateController(nn.Module):
    width: int = 4

    def setup(self):
        self.block = nn.remat(RoomBlock)(self.width)

    def __call__(self, readings):
        h = self.block(readings)

        def relax(i, h):
            return self.block(h)

        return lax.fori_loop(0, PASSES, relax, h)


class GalleryPlant:
    def __init__(self, name, controller, variables):
        self.name = name
        self.controller = controller
        self.variables = variables

    def setpoints(self, readings):
        return self.controller.apply(self.variables, readings)


def main():
    controller = ClimateController()
    readings = jnp.array([[21.0, 0.52, 0.3, 0.1], [19.5, 0.48, 0.2, 0.0]])
    variables = controller.init(jax.random.key(0), readings)
    plant = GalleryPlant("east-wing", controller, variables)
    plant.setpoints(readings)
    return None
