# label: ok
# flax-error: none
# class: 4 BerthScheduler -> BerthAdvisor -> model.bind(variables) (read-only); the while_loop body calls the advisor's estimate, and the waiting time travels in the loop state instead of the "queue" variable
"""Ferry terminal: admit arriving sailings to berths slot by slot until the timetable is served."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class TerminalConfig:
    slots: int = 9
    features: int = 3
    max_wait_minutes: float = 40.0


class BerthModel(nn.Module):
    def setup(self):
        self.delay_head = nn.Dense(1)
        self.waiting = self.variable("queue", "waiting_minutes", lambda: jnp.zeros(()))

    def __call__(self, arrivals):
        return self.delay_head(arrivals)

    def predicted_delay(self, arrivals):
        return 10.0 * nn.softplus(self.delay_head(arrivals))[0]

    def admit(self, arrivals):
        delay = self.predicted_delay(arrivals)
        self.waiting.value = self.waiting.value + delay
        return delay


class BerthAdvisor:
    def __init__(self, model: BerthModel, variables):
        self.bound = model.bind(variables)

    def estimate(self, arrivals, waiting):
        delay = self.bound.predicted_delay(arrivals)
        return delay, waiting + delay


class BerthScheduler:
    def __init__(self, cfg: TerminalConfig, advisor: BerthAdvisor):
        self.cfg = cfg
        self.advisor = advisor

    def serve(self, timetable):
        def cond(state):
            slot, _, _ = state
            return slot < self.cfg.slots

        def body(state):
            slot, total, waiting = state
            delay, waiting = self.advisor.estimate(timetable[slot], waiting)
            return slot + 1, total + delay, waiting

        slot, total, _ = lax.while_loop(cond, body, (jnp.int32(0), jnp.zeros(()), jnp.zeros(())))
        return slot, total


def main():
    cfg = TerminalConfig()
    timetable = jax.random.uniform(jax.random.key(5), (cfg.slots, cfg.features))
    model = BerthModel()
    variables = model.init(jax.random.key(0), timetable[0])
    scheduler = BerthScheduler(cfg, BerthAdvisor(model, variables))
    _, total = scheduler.serve(timetable)
    if bool(total / cfg.slots > cfg.max_wait_minutes):
        print("terminal overloaded: hold the next sailing")
    return None
