# label: ok
# flax-error: none
# class: 3 KilnRunner.variables reach the fori_loop body through an Enum-keyed handler table (Mode.MONITOR -> eval-mode apply)
"""Ceramic kiln firing: thermocouple model dispatched by operating mode."""
import enum

import jax
import jax.numpy as jnp
import flax.linen as nn


class Mode(enum.Enum):
    CALIBRATE = "calibrate"
    MONITOR = "monitor"


class ThermocoupleNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(8)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


class KilnRunner:
    def __init__(self, model, variables, mode: Mode):
        self.model = model
        self.variables = variables
        self.mode = mode
        self.handlers = {
            Mode.CALIBRATE: self._calibrate_step,
            Mode.MONITOR: self._monitor_step,
        }

    def _calibrate_step(self, readings):
        return self.model.apply(self.variables, readings, train=True)

    def _monitor_step(self, readings):
        return self.model.apply(self.variables, readings, train=False)

    def fire(self, schedule):
        handler = self.handlers[self.mode]

        def segment(i, temp):
            predicted = handler(schedule[i] + temp[None, :1])
            return 0.95 * temp + 0.05 * predicted.mean()

        return jax.lax.fori_loop(0, schedule.shape[0], segment, jnp.full((3,), 20.0))


def main():
    schedule = jax.random.normal(jax.random.key(4), (16, 10, 3))
    model = ThermocoupleNet()
    variables = model.init(jax.random.key(0), schedule[0], train=False)
    runner = KilnRunner(model, variables, Mode.MONITOR)
    final = runner.fire(schedule)
    print("final zone temperatures", final)
    return None
