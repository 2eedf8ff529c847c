# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the tally cell held as self.tally is called in the fori_loop body and adds to its counters collection under a mutable apply
"""Tram depot dispatch board: turns the forecast demand of each timetable slot into departures
per line and keeps a running tally of departures for the depot report."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass
class DepotSettings:
    lines: int = 3
    demand_features: int = 5
    slots: int = 6
    fleet_size: float = 24.0
    seed: int = 3


class TallyCell(nn.Module):
    lines: int

    def setup(self):
        self.route = nn.Dense(self.lines)
        self.dispatched = self.variable("counters", "dispatched", jnp.zeros, (self.lines,))

    def departures(self, demand):
        return nn.relu(self.route(demand))

    def record(self, departures):
        self.dispatched.value = self.dispatched.value + departures

    def __call__(self, demand):
        out = self.departures(demand)
        self.record(out)
        return out


class DispatchBoard(nn.Module):
    lines: int

    def setup(self):
        self.tally = TallyCell(self.lines)

    def __call__(self, demand):
        return self.tally(demand)

    def plan_shift(self, demand_by_slot, fleet_size):
        def dispatch_slot(i, fleet):
            sent = self.tally(demand_by_slot[i])
            return fleet - jnp.sum(sent)

        return lax.fori_loop(0, demand_by_slot.shape[0], dispatch_slot, jnp.float32(fleet_size))


class DepotService:
    def __init__(self, settings: DepotSettings):
        self.settings = settings
        self.board = DispatchBoard(settings.lines)
        sample = jnp.zeros((settings.demand_features,))
        variables = self.board.init(jax.random.key(settings.seed), sample)
        self.params = variables["params"]
        self.counters = jax.tree.map(jnp.zeros_like, variables["counters"])

    def run_shift(self, demand_by_slot):
        fleet_left, updated = self.board.apply(
            {"params": self.params, "counters": self.counters},
            demand_by_slot, self.settings.fleet_size,
            method=DispatchBoard.plan_shift, mutable=["counters"])
        self.counters = updated["counters"]
        return fleet_left

    def depot_report(self):
        per_line = self.counters["tally"]["dispatched"]
        return {"per_line": per_line, "share": per_line / (jnp.sum(per_line) + 1e-6)}


def forecast_demand(settings: DepotSettings):
    key = jax.random.key(settings.seed + 7)
    return jax.random.uniform(key, (settings.slots, settings.demand_features))


def main():
    settings = DepotSettings()
    service = DepotService(settings)
    fleet_left = service.run_shift(forecast_demand(settings))
    report = service.depot_report()
    jax.block_until_ready((fleet_left, report))
    return None
