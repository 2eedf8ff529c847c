# label: ok
# flax-error: none
# class: 4 the Scheduler's fori_loop body runs each Job with that job's state from the carry; the RecalibrateJob applies the model with mutable=["stats"] and returns its new "stats" into the carry
"""Periodic jobs of an orchard irrigation controller, run tick by tick over one day."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

PROBES = 4


class MoistureModel(nn.Module):
    @nn.compact
    def __call__(self, probes):
        calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value = calls.value + 1
        return nn.softplus(nn.Dense(1)(probes))[0]


class Job:
    name: str = "job"
    period: int = 1

    def initial_state(self):
        return ()

    def run(self, tick, probes, state):
        raise NotImplementedError


class LeakCheckJob(Job):
    name, period = "leak-check", 3

    def run(self, tick, probes, state):
        return jnp.max(probes) - jnp.min(probes), state


class RecalibrateJob(Job):
    name, period = "recalibrate", 4

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["stats"]

    def initial_state(self):
        return self.stats

    def run(self, tick, probes, state):
        out, updated = self.model.apply({"params": self.params, "stats": state}, probes, mutable=["stats"])
        return out, updated["stats"]


@dataclasses.dataclass
class Scheduler:
    jobs: list

    def run_day(self, probes_by_tick):
        def body(tick, carry):
            totals, states = carry
            totals, states = dict(totals), dict(states)
            for job in self.jobs:
                due = (tick % job.period) == 0
                out, states[job.name] = job.run(tick, probes_by_tick[tick], states[job.name])
                totals[job.name] = totals[job.name] + jnp.where(due, out, 0.0)
            return totals, states

        totals = {job.name: jnp.zeros(()) for job in self.jobs}
        states = {job.name: job.initial_state() for job in self.jobs}
        totals, states = fori_loop(0, probes_by_tick.shape[0], body, (totals, states))
        for job in self.jobs:
            if isinstance(job, RecalibrateJob):
                job.stats = states[job.name]
        return totals


def main():
    probes_by_tick = jax.random.uniform(jax.random.key(5), (12, PROBES))
    model = MoistureModel()
    variables = model.init(jax.random.key(0), probes_by_tick[0])
    scheduler = Scheduler([LeakCheckJob(), RecalibrateJob(model, variables)])
    totals = scheduler.run_day(probes_by_tick)
    jax.block_until_ready(totals)
    return None
