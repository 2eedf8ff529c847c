# label: ok
# flax-error: none
# class: 3 IcingMonitor.detect is functools.partial(model.apply, mutable=["counters"]); the "counters" collection is carried in the while_loop state and stored on the monitor afterwards
"""Wind turbine blade icing monitor.

The blade model counts how many SCADA windows it has evaluated (the operations team
reads the counter for billing); the monitor walks the windows until icing is likely.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    alarm_probability: float = 0.9
    max_windows: int = 8


class BladeIcingModel(nn.Module):
    @nn.compact
    def __call__(self, scada_window):
        evaluations = self.variable("counters", "evaluations", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            evaluations.value = evaluations.value + 1
        h = nn.tanh(nn.Dense(8)(scada_window))
        return jax.nn.sigmoid(nn.Dense(1)(h).squeeze(-1))


class IcingMonitor:
    def __init__(self, model, variables, config):
        self.config = config
        self.params = variables["params"]
        self.counters = variables["counters"]
        self.detect = functools.partial(model.apply, mutable=["counters"])

    def first_alarm(self, windows):
        def keep_going(state):
            i, probability, _ = state
            return (i < self.config.max_windows) & (probability < self.config.alarm_probability)

        def body(state):
            i, _, counters = state
            variables = {"params": self.params, "counters": counters}
            probability, updates = self.detect(variables, windows[i])
            return i + 1, probability, updates["counters"]

        start = (0, jnp.zeros(()), self.counters)
        index, probability, self.counters = lax.while_loop(keep_going, body, start)
        return index, probability


def main():
    model = BladeIcingModel()
    windows = jax.random.normal(jax.random.key(0), (8, 10))
    variables = model.init(jax.random.key(1), windows[0])
    monitor = IcingMonitor(model, variables, MonitorConfig())
    monitor.first_alarm(windows)
    return None
