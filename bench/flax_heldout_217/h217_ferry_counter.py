# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "crossings" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Terminal.dispatcher.advisor.bound, a read-only model.bind(variables) whose module counts crossings in its 'stats' collection, is called in the while_loop body
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

    def delay(self, conditions):
        return self.bound(conditions)


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
            clock, _ = carry
            return clock < self.day_min

        def crossing(carry):
            clock, count = carry
            delay = self.dispatcher.advisor.delay(conditions)
            return clock + self.dispatcher.crossing_min + delay, count + 1

        return jax.lax.while_loop(more_service, crossing, (jnp.zeros(()), jnp.zeros((), jnp.int32)))


def main():
    conditions = jnp.array([12.0, 0.8, 1.5, 0.2])  # wind kn, swell m, tide m, fog index
    model = CrossingDelay()
    variables = model.init(jax.random.key(0), conditions)
    terminal = Terminal(Dispatcher(DelayAdvisor(model, variables)))
    clock, count = terminal.plan_day(conditions)
    jax.block_until_ready((clock, count))
    return None
