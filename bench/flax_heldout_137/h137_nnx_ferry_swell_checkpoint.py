# label: same-values
# flax-error: none
# class: 5 SwellService.build_step wraps functools.partial(simulate_crossing, graphdef) in jax.checkpoint; every jax.lax.fori_loop step passes it the same split state, whose nnx.Rngs "waves" stream is merged afresh inside
"""Ferry operations: stochastic hull-load simulation of repeated crossings in the same swell."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class HullLoadSimulator(nnx.Module):
    def __init__(self, sensors, rngs: nnx.Rngs):
        self.response = nnx.Linear(sensors, sensors, rngs=rngs)
        self.rngs = rngs

    def __call__(self, swell):
        gust = self.rngs.waves.normal(swell.shape)
        return self.response(swell + 0.3 * gust)


def simulate_crossing(graphdef, state, swell):
    simulator = nnx.merge(graphdef, state)
    return jnp.abs(simulator(swell)).max(axis=-1)


class SwellService:
    def __init__(self, simulator):
        self.graphdef, self.state = nnx.split(simulator)

    def build_step(self):
        return jax.checkpoint(functools.partial(simulate_crossing, self.graphdef))


class CrossingPlanner:
    def __init__(self, service: SwellService, crossings):
        self.service = service
        self.crossings = crossings

    def peak_loads(self, swell):
        step = self.service.build_step()
        state = self.service.state
        loads = jnp.zeros((self.crossings, swell.shape[0]))

        def body(i, loads):
            return loads.at[i].set(step(state, swell))

        return jax.lax.fori_loop(0, self.crossings, body, loads)


def main():
    simulator = HullLoadSimulator(5, nnx.Rngs(params=0, waves=1))
    planner = CrossingPlanner(SwellService(simulator), crossings=5)
    swell = jax.random.normal(jax.random.key(2), (8, 5))
    return planner.peak_loads(swell)
