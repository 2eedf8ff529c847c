# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BeamController.__call__ scans over nights and reaches self.optics.focus -> OpticsStack.lens, whose parameters are first created inside the scan body during init
"""Beam-intensity control for an automated lighthouse.

Each night the controller reads visibility and sea-state features and sets the lamp intensity; the
optics stack is built lazily in setup, as the lighthouse authority's model zoo does for all heads.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class OpticsStack(nn.Module):
    facets: int = 6

    def setup(self):
        self.lens = nn.Dense(self.facets)
        self.prism = nn.Dense(1)

    def focus(self, conditions):
        return nn.sigmoid(self.prism(nn.tanh(self.lens(conditions))))[..., 0]


class BeamController(nn.Module):
    def setup(self):
        self.optics = OpticsStack()

    def __call__(self, nights):
        def night(lamp_hours, conditions):
            intensity = self.optics.focus(conditions)
            return lamp_hours + intensity.mean(), intensity

        return scan(night, jnp.zeros(()), nights)


class LighthouseService:
    def __init__(self, controller: BeamController, seed: int):
        self.controller = controller
        self.seed = seed
        self.variables = None

    def warm_up(self, nights):
        self.variables = self.controller.init(jax.random.key(self.seed), nights)

    def schedule(self, nights):
        return self.controller.apply(self.variables, nights)


def main():
    nights = jax.random.normal(jax.random.key(14), (5, 3, 4))  # nights x hours x features
    service = LighthouseService(BeamController(), seed=0)
    service.warm_up(nights)
    lamp_hours, intensity = service.schedule(nights)
    jax.block_until_ready((lamp_hours, intensity))
    return None
