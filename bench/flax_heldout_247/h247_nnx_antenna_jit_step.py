# label: trace-context
# flax-error: TraceContextError: Cannot mutate ServoError from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 JitStepMixin wraps PointingController.step with nnx.jit; PassRunner's jax.lax.scan body calls the wrapped step on the controller's outer model
"""Antenna pointing during a satellite pass: per-tick servo corrections."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ServoError(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class MountSpec:
    axes: int = 2  # azimuth, elevation
    ticks: int = 5
    servo_gain: float = 0.6


class ServoModel(nnx.Module):
    def __init__(self, spec: MountSpec, *, rngs: nnx.Rngs):
        self.plant = nnx.Linear(spec.axes, spec.axes, rngs=rngs)
        self.last_error = ServoError(jnp.zeros((spec.axes,)))
        self.gain = spec.servo_gain

    def __call__(self, command):
        response = self.plant(command)
        error = command - response
        self.last_error[...] = error
        return response + self.gain * error


class BaseController:
    def __init__(self, spec: MountSpec, **kwargs):
        super().__init__(**kwargs)
        self.spec = spec


class JitStepMixin:
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.compiled_step = nnx.jit(type(self).step)


class PointingController(JitStepMixin, BaseController):
    def __init__(self, spec: MountSpec, seed: int = 0):
        super().__init__(spec=spec)
        self.model = ServoModel(spec, rngs=nnx.Rngs(seed))

    @staticmethod
    def step(model, command):
        return model(command)


class PassRunner:
    def __init__(self, controller: PointingController):
        self.controller = controller

    def track(self, commands):
        ctl = self.controller

        def tick(_, command):
            return None, ctl.compiled_step(ctl.model, command)

        _, responses = jax.lax.scan(tick, None, commands)
        return responses


def main():
    spec = MountSpec()
    runner = PassRunner(PointingController(spec))
    commands = jnp.stack([jnp.array([0.1, 0.4]) + 0.05 * t for t in range(spec.ticks)])
    responses = runner.track(commands)
    jax.block_until_ready((responses, runner.controller.model.last_error[...]))
    return None
