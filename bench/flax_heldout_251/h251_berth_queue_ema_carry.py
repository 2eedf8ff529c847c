# label: ok
# flax-error: none
# class: 4 the waiting-time average of BerthOptimizer.planner.queue_model is read through two submodules and threaded through the while_loop carry
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

    def blend(self, average, wait):
        return self.decay * average + (1.0 - self.decay) * wait


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
            i, used, _ = state
            return (i < n) & (used < self.crane_hours)

        def berth(state):
            i, used, average = state
            hours = self.planner.handling_time(arrivals[i])
            average = self.planner.queue_model.blend(average, used)
            return i + 1, used + hours, average

        start = (jnp.int32(0), jnp.zeros(()), self.planner.queue_model.current())
        served, used, average = lax.while_loop(can_berth, berth, start)
        return served, used, first, average


class TerminalDashboard:
    def __init__(self):
        self.model = BerthOptimizer()

    def open(self, key, arrivals) -> BerthReport:
        variables = self.model.init(key, arrivals[0], method=BerthOptimizer.probe)
        return BerthReport(variables=variables)

    def refresh(self, report: BerthReport, arrivals) -> BerthReport:
        served, _, _, average = self.model.apply(report.variables, arrivals)
        variables = {**report.variables, "ema": {"planner": {"queue_model": {"wait": average}}}}
        return dataclasses.replace(report, variables=variables, shift=report.shift + 1, served=served)


def main():
    dashboard = TerminalDashboard()
    arrivals = jax.random.uniform(jax.random.key(8), (6, 3))
    report = dashboard.open(jax.random.key(0), arrivals)
    for _ in range(2):
        report = dashboard.refresh(report, arrivals)
    jax.block_until_ready((report.served, report.variables["ema"]))
    return None
