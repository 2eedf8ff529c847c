# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 variables held on OrbitService.propagator.state reach the scan body through Propagator.correction, which writes the new batch_stats back onto the holder
"""Orbit determination service: a Linen residual network corrects a simple
propagator, and its normalisation statistics are refreshed on every arc."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ResidualNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, orbit, train: bool = True):
        h = nn.Dense(self.hidden)(orbit)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(orbit.shape[-1])(nn.tanh(h))


@dataclasses.dataclass
class ModelState:
    variables: dict


class Propagator:
    def __init__(self, model, state: ModelState, dt: float):
        self.model = model
        self.state = state
        self.dt = dt

    def correction(self, orbit):
        drift, updates = self.model.apply(self.state.variables, orbit, mutable=["batch_stats"])
        self.state.variables = {**self.state.variables, **updates}
        return drift


class OrbitService:
    def __init__(self, propagator: Propagator):
        self.propagator = propagator

    def propagate_arc(self, orbit0, observations):
        def step(orbit, obs):
            drift = self.propagator.correction(orbit)
            nxt = orbit + self.propagator.dt * drift + 0.01 * obs
            return nxt, jnp.linalg.norm(nxt, axis=-1)

        return lax.scan(step, orbit0, observations)

    def report(self, orbit):
        prop = self.propagator
        return prop.model.apply(prop.state.variables, orbit, train=False)


def main():
    model = ResidualNet()
    orbit0 = jnp.ones((8, 6))
    variables = model.init(jax.random.key(0), orbit0)
    service = OrbitService(Propagator(model, ModelState(variables), dt=0.1))
    observations = jax.random.normal(jax.random.key(1), (5, 8, 6))
    final, _ = service.propagate_arc(orbit0, observations)
    service.report(final)
    return None
