# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the Scheduler's fori_loop body runs each Job; the RecalibrateJob holds model.bind(variables) and calling it writes the model's "stats" counter
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

    def run(self, tick, probes):
        raise NotImplementedError


class LeakCheckJob(Job):
    name, period = "leak-check", 3

    def run(self, tick, probes):
        return jnp.max(probes) - jnp.min(probes)


class RecalibrateJob(Job):
    name, period = "recalibrate", 4

    def __init__(self, model: nn.Module, variables):
        self.bound = model.bind(variables)

    def run(self, tick, probes):
        return self.bound(probes)


@dataclasses.dataclass
class Scheduler:
    jobs: list

    def run_day(self, probes_by_tick):
        def body(tick, totals):
            updated = dict(totals)
            for job in self.jobs:
                due = (tick % job.period) == 0
                updated[job.name] = totals[job.name] + jnp.where(due, job.run(tick, probes_by_tick[tick]), 0.0)
            return updated

        totals = {job.name: jnp.zeros(()) for job in self.jobs}
        return fori_loop(0, probes_by_tick.shape[0], body, totals)


def main():
    probes_by_tick = jax.random.uniform(jax.random.key(5), (12, PROBES))
    model = MoistureModel()
    variables = model.init(jax.random.key(0), probes_by_tick[0])
    scheduler = Scheduler([LeakCheckJob(), RecalibrateJob(model, variables)])
    totals = scheduler.run_day(probes_by_tick)
    jax.block_until_ready(totals)
    return None
