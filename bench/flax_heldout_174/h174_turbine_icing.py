# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "evaluations" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 IcingMonitor.detect is functools.partial(model.apply, variables); the while_loop body calls self.detect, whose module bumps its "counters" collection
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
        self.detect = functools.partial(model.apply, variables)

    def first_alarm(self, windows):
        def keep_going(state):
            i, probability = state
            return (i < self.config.max_windows) & (probability < self.config.alarm_probability)

        def body(state):
            i, _ = state
            probability = self.detect(windows[i])
            return i + 1, probability

        index, probability = lax.while_loop(keep_going, body, (0, jnp.zeros(())))
        return index, probability


def main():
    model = BladeIcingModel()
    windows = jax.random.normal(jax.random.key(0), (8, 10))
    variables = model.init(jax.random.key(1), windows[0])
    monitor = IcingMonitor(model, variables, MonitorConfig())
    monitor.first_alarm(windows)
    return None
