# label: ok
# flax-error: none
# class: 3 HiveMonitor.model and HiveMonitor.variables["params"] are read inside the while_loop body; the "counters" collection travels in the loop state with mutable=["counters"] and is written back after
"""Beehive monitor: polls brood-chamber temperature probes until an overheating alarm fires or
the poll budget from the scheduler runs out. The model counts how often it has been queried."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class HiveConfig:
    n_probes: int = 5
    alarm_level: float = 0.9


class BroodTempModel(nn.Module):
    cfg: HiveConfig

    @nn.compact
    def __call__(self, temps):
        queries = self.variable("counters", "queries", lambda: jnp.zeros((), jnp.int32))
        queries.value = queries.value + 1
        return nn.sigmoid(nn.Dense(1)(temps - 35.0)[0])


class PollScheduler:
    def __init__(self, every_minutes, window_minutes):
        self.every = every_minutes
        self.window = window_minutes

    def budget(self):
        return self.window // self.every


class HiveMonitor:
    def __init__(self, cfg: HiveConfig, scheduler: PollScheduler):
        self.cfg = cfg
        self.scheduler = scheduler
        self.model = BroodTempModel(cfg)
        self.variables = self.model.init(jax.random.key(0), jnp.full((cfg.n_probes,), 35.0))

    def watch(self, temps):
        budget = self.scheduler.budget()

        def keep_polling(state):
            i, risk, _ = state
            return (i < budget) & (risk < self.cfg.alarm_level)

        def poll(state):
            i, _, counters = state
            risk, updates = self.model.apply(
                {"params": self.variables["params"], "counters": counters}, temps[i],
                mutable=["counters"])
            return i + 1, risk, updates["counters"]

        init = (0, jnp.zeros(()), self.variables["counters"])
        polls, risk, counters = lax.while_loop(keep_polling, poll, init)
        self.variables = {"params": self.variables["params"], "counters": counters}
        return polls, risk


def main():
    monitor = HiveMonitor(HiveConfig(), PollScheduler(every_minutes=10, window_minutes=60))
    temps = 34.0 + jnp.linspace(0.0, 3.0, 6 * 5).reshape(6, 5)
    polls, risk = monitor.watch(temps)
    print("polls", polls, "risk", risk)
    return None
