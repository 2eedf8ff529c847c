# label: trace-context
# flax-error: TraceContextError: Cannot mutate SensorDrift from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_control_step(controller, cfg) returns a step function closing over the controller; the fori_loop body writes controller.drift, a SensorDrift Variable subclass
"""Dairy pasteurizer control: a learned heater controller holds the hold-tube
temperature at the setpoint while tracking slow sensor drift."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class SensorDrift(nnx.Variable):
    """Slowly varying estimate of the thermocouple offset."""


@dataclasses.dataclass(frozen=True)
class LoopConfig:
    setpoint: float = 72.0
    heat_gain: float = 0.4
    loss: float = 0.05
    drift_rate: float = 0.05


class HeaterController(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gain = nnx.Linear(2, 1, rngs=rngs)
        self.drift = SensorDrift(jnp.zeros(()))

    def __call__(self, error, drift):
        return jnp.tanh(self.gain(jnp.stack([error, drift])))[0]


def make_control_step(controller, cfg: LoopConfig):
    def step(i, temp):
        error = temp - cfg.setpoint
        u = controller(error, controller.drift[...])
        controller.drift[...] = (1 - cfg.drift_rate) * controller.drift[...] + cfg.drift_rate * error
        return temp + cfg.heat_gain * u - cfg.loss

    return step


def run_batch(controller, cfg, temp0, n_ticks=20):
    step = make_control_step(controller, cfg)
    return fori_loop(0, n_ticks, step, temp0)


def main():
    controller = HeaterController(nnx.Rngs(0))
    final = run_batch(controller, LoopConfig(), jnp.asarray(65.0))
    print(float(final), float(controller.drift[...]))
    return None
