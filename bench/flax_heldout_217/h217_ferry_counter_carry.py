# label: ok
# flax-error: none
# class: 4 Terminal.dispatcher.advisor's params enter the while_loop body through model.apply and the 'stats' collection travels in the loop carry (mutable=['stats'])
"""Ferry crossing timetable: keep departing until the service day is used up.

The delay model counts the crossings it has seen in a 'stats' collection (used to decay
its weather prior); the terminal plans departures with a while_loop because the number
of crossings depends on the predicted delays.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CrossingDelay(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, conditions):
        crossings = self.variable("stats", "crossings", lambda: jnp.zeros((), jnp.int32))
        prior = 1.0 / (1.0 + crossings.value.astype(jnp.float32))
        h = nn.tanh(nn.Dense(self.hidden)(conditions))
        delay_min = nn.softplus(nn.Dense(1)(h))[0] * (1.0 + prior)
        if not self.is_initializing():
            crossings.value = crossings.value + 1
        return delay_min


class DelayAdvisor:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables)

    def delay(self, conditions, stats):
        delay, updated = self.model.apply(
            {"params": self.variables["params"], "stats": stats}, conditions, mutable=["stats"])
        return delay, updated["stats"]


class Dispatcher:
    def __init__(self, advisor, crossing_min=35.0):
        self.advisor = advisor
        self.crossing_min = crossing_min


class Terminal:
    def __init__(self, dispatcher, day_min=16 * 60.0):
        self.dispatcher = dispatcher
        self.day_min = day_min

    def plan_day(self, conditions):
        def more_service(carry):
            clock, _, _ = carry
            return clock < self.day_min

        def crossing(carry):
            clock, count, stats = carry
            delay, stats = self.dispatcher.advisor.delay(conditions, stats)
            return clock + self.dispatcher.crossing_min + delay, count + 1, stats

        init = (jnp.zeros(()), jnp.zeros((), jnp.int32), self.dispatcher.advisor.variables["stats"])
        return jax.lax.while_loop(more_service, crossing, init)


def main():
    conditions = jnp.array([12.0, 0.8, 1.5, 0.2])  # wind kn, swell m, tide m, fog index
    model = CrossingDelay()
    variables = model.init(jax.random.key(0), conditions)
    terminal = Terminal(Dispatcher(DelayAdvisor(model, variables)))
    clock, count, stats = terminal.plan_day(conditions)
    jax.block_until_ready((clock, count, stats))
    return None
