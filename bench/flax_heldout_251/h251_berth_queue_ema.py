# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "wait" in "/planner/queue_model" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the waiting-time average of BerthOptimizer.planner.queue_model is updated through two submodules inside the while_loop body
import dataclasses
from typing import Any, Mapping

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class BerthReport:
    variables: Mapping[str, Any]
    shift: int = 0
    served: Any = 0


class QueueModel(nn.Module):
    decay: float = 0.8

    def setup(self):
        self.wait = self.variable("ema", "wait", lambda: jnp.zeros(()))

    def current(self):
        return self.wait.value

    def observe(self, wait):
        self.wait.value = self.decay * self.wait.value + (1.0 - self.decay) * wait


class YardPlanner(nn.Module):
    def setup(self):
        self.queue_model = QueueModel()
        self.handling = nn.Dense(1)

    def handling_time(self, vessel):
        return nn.softplus(self.handling(vessel))[0]


class BerthOptimizer(nn.Module):
    crane_hours: float = 6.0

    def setup(self):
        self.planner = YardPlanner()

    def probe(self, vessel):
        return self.planner.handling_time(vessel) + self.planner.queue_model.current()

    def __call__(self, arrivals):
        n = arrivals.shape[0]
        first = self.probe(arrivals[0])

        def can_berth(state):
            i, used = state
            return (i < n) & (used < self.crane_hours)

        def berth(state):
            i, used = state
            hours = self.planner.handling_time(arrivals[i])
            self.planner.queue_model.observe(used)
            return i + 1, used + hours

        served, used = lax.while_loop(can_berth, berth, (jnp.int32(0), jnp.zeros(())))
        return served, used, first


class TerminalDashboard:
    def __init__(self):
        self.model = BerthOptimizer()

    def open(self, key, arrivals) -> BerthReport:
        variables = self.model.init(key, arrivals[0], method=BerthOptimizer.probe)
        return BerthReport(variables=variables)

    def refresh(self, report: BerthReport, arrivals) -> BerthReport:
        served, _, _ = self.model.apply(report.variables, arrivals)
        return dataclasses.replace(report, shift=report.shift + 1, served=served)


def main():
    dashboard = TerminalDashboard()
    arrivals = jax.random.uniform(jax.random.key(8), (6, 3))
    report = dashboard.open(jax.random.key(0), arrivals)
    for _ in range(2):
        report = dashboard.refresh(report, arrivals)
    jax.block_until_ready(report.served)
    return None
