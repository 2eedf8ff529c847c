# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "waiting_minutes" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BerthScheduler -> BerthAdvisor -> model.bind(variables) (read-only); the while_loop body calls the advisor's admit, which adds to the bound module's "queue" variable
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

    def admit(self, arrivals):
        return self.bound.admit(arrivals)


class BerthScheduler:
    def __init__(self, cfg: TerminalConfig, advisor: BerthAdvisor):
        self.cfg = cfg
        self.advisor = advisor

    def serve(self, timetable):
        def cond(state):
            slot, _ = state
            return slot < self.cfg.slots

        def body(state):
            slot, total = state
            delay = self.advisor.admit(timetable[slot])
            return slot + 1, total + delay

        return lax.while_loop(cond, body, (jnp.int32(0), jnp.zeros(())))


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
