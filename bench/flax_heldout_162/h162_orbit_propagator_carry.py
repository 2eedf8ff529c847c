# label: ok
# flax-error: none
# class: 4 variables held on OrbitService.propagator.state reach the scan body through Propagator.correction; batch_stats travel in the carry and are written back after the loop
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

    def correction(self, batch_stats, orbit):
        variables = {"params": self.state.variables["params"], "batch_stats": batch_stats}
        drift, updates = self.model.apply(variables, orbit, mutable=["batch_stats"])
        return drift, updates["batch_stats"]


class OrbitService:
    def __init__(self, propagator: Propagator):
        self.propagator = propagator

    def propagate_arc(self, orbit0, observations):
        def step(carry, obs):
            orbit, stats = carry
            drift, stats = self.propagator.correction(stats, orbit)
            nxt = orbit + self.propagator.dt * drift + 0.01 * obs
            return (nxt, stats), jnp.linalg.norm(nxt, axis=-1)

        stats0 = self.propagator.state.variables["batch_stats"]
        (final, stats), norms = lax.scan(step, (orbit0, stats0), observations)
        state = self.propagator.state
        state.variables = {**state.variables, "batch_stats": stats}
        return final, norms

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
