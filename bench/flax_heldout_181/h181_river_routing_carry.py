# label: ok
# flax-error: none
# class: 3 RoutingService.apply_fn, a functools.partial(model.apply, mutable=['routing']) kept on the service; the reach storage is the scan carry
"""Muskingum-style channel routing service for a chain of river reaches.

Reach storage is Linen state in the 'routing' collection; the service replays an inflow
hydrograph through the reaches one time step at a time.
"""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Reach(nn.Module):
    n_reaches: int
    weighting: float = 0.2

    @nn.compact
    def __call__(self, inflow):
        storage = self.variable("routing", "storage", jnp.zeros, (self.n_reaches,))
        travel_time = self.param("travel_time", nn.initializers.constant(2.0), (self.n_reaches,))
        outflow = (storage.value + self.weighting * inflow) / (travel_time + 1.0)
        storage.value = storage.value + inflow - outflow
        return outflow


class GaugeReport(NamedTuple):
    peak_outflow: jax.Array
    total_volume: jax.Array


class RoutingService:
    def __init__(self, model: Reach, variables):
        self.params = {"params": variables["params"]}
        self.routing = variables["routing"]
        self.apply_fn = functools.partial(model.apply, mutable=["routing"])

    def route(self, hydrograph) -> GaugeReport:
        def step(carry, inflow):
            routing, volume = carry
            outflow, updates = self.apply_fn({**self.params, "routing": routing}, inflow)
            return (updates["routing"], volume + outflow.sum()), outflow

        (self.routing, volume), outflows = scan(step, (self.routing, jnp.zeros(())), hydrograph)
        return GaugeReport(peak_outflow=outflows.max(), total_volume=volume)


def build_service(n_reaches: int, seed: int = 0) -> RoutingService:
    model = Reach(n_reaches)
    variables = model.init(jax.random.key(seed), jnp.zeros((n_reaches,)))
    return RoutingService(model, variables)


def main():
    n_reaches, n_hours = 4, 24
    hours = jnp.arange(n_hours, dtype=jnp.float32)
    storm = 10.0 * jnp.exp(-((hours - 6.0) ** 2) / 8.0)
    hydrograph = jnp.broadcast_to(storm[:, None], (n_hours, n_reaches))
    report = build_service(n_reaches).route(hydrograph)
    print("peak", float(report.peak_outflow), "volume", float(report.total_volume))
    return None
