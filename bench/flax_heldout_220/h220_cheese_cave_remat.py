# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped AgingCell built in setup is first used inside the scan body of CaveClimate.__call__
"""Humidity control for an affinage cave: rolls a rematerialised cell over the wheel inventory."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class AgingCell(nn.Module):
    width: int

    @nn.compact
    def __call__(self, humidity, wheel):
        gate = nn.sigmoid(nn.Dense(self.width, name="gate")(wheel))
        return gate * humidity + (1 - gate) * nn.Dense(self.width, name="mix")(wheel)


CheckpointedCell = nn.remat(AgingCell)


class CaveClimate(nn.Module):
    width: int = 8

    def setup(self):
        self.cell = CheckpointedCell(self.width)
        self.readout = nn.Dense(1)

    def __call__(self, wheels):
        def turn(humidity, wheel):
            humidity = self.cell(humidity, wheel)
            return humidity, self.readout(humidity)[0]

        _, rh = lax.scan(turn, jnp.zeros(self.width), wheels)
        return rh


class CaveController:
    def __init__(self, model: CaveClimate):
        self.model = model
        self.variables = None

    def commission(self, key, wheels):
        self.variables = self.model.init(key, wheels)
        self.predict = functools.partial(self.model.apply, self.variables)

    def nightly(self, wheels):
        return self.predict(wheels)


def main():
    wheels = jax.random.uniform(jax.random.key(11), (30, 5))
    controller = CaveController(CaveClimate())
    controller.commission(jax.random.key(0), wheels)
    rh = controller.nightly(wheels)
    print(f"relative humidity range {float(rh.min()):.3f}..{float(rh.max()):.3f}")
    return None
