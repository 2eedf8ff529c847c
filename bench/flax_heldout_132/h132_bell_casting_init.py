# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module's setup submodule is first called (and so initialised) inside the scan body of its own __call__
"""Bell-foundry cooling model: propagates heat through the mould layers of a bronze casting."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class MouldSpec:
    layers: int = 4
    channels: int = 6
    loam_conductivity: tuple = field(default=(0.8, 0.6, 0.5, 0.3))


class CoolingModel(nn.Module):
    spec: MouldSpec

    def setup(self):
        self.exchange = nn.Dense(self.spec.channels, name="heat_exchange")
        self.readout = nn.Dense(1, name="surface_temp")

    def __call__(self, melt_profile):
        conductivity = jnp.asarray(self.spec.loam_conductivity)

        def through_layer(heat, k):
            heat = heat + k * nn.tanh(self.exchange(heat))
            return heat, self.readout(heat)[..., 0]

        heat, surface = lax.scan(through_layer, melt_profile, conductivity)
        return heat, surface


class CastingPlanner:
    def __init__(self, spec: MouldSpec):
        self.model = CoolingModel(spec)
        self.variables = None

    def prepare(self, melt_profile, seed=0):
        self.variables = self.model.init(jax.random.key(seed), melt_profile)

    def cooling_curve(self, melt_profile):
        _, surface = self.model.apply(self.variables, melt_profile)
        return surface


def main():
    spec = MouldSpec()
    melt = jnp.linspace(1.0, 1.2, 3 * spec.channels).reshape(3, spec.channels)
    planner = CastingPlanner(spec)
    planner.prepare(melt)
    curve = planner.cooling_curve(melt)
    print(curve.shape)
