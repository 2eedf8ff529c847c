# label: trace-context
# flax-error: TraceContextError: Cannot mutate Setpoint from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the firing schedule reaches a Setpoint variable (an nnx.Variable subclass) on its controller; the while_loop body writes self.controller.setpoint each ramp step
"""Ceramic kiln firing controller.

The firing schedule ramps the controller's setpoint towards the cone temperature; a small
learned plant model predicts the kiln temperature that each setpoint produces.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class Setpoint(nnx.Variable):
    """The controller's current target temperature, in degrees Celsius."""


class KilnController(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.plant = nnx.Linear(2, 1, rngs=rngs)
        self.setpoint = Setpoint(jnp.asarray(20.0))

    def predicted_temperature(self, ambient):
        x = jnp.stack([self.setpoint[...] / 1000.0, ambient / 100.0])
        return 1000.0 * nnx.sigmoid(self.plant(x)[0]) + self.setpoint[...] * 0.5


class FiringSchedule:
    def __init__(self, controller, cone_temperature, ramp_per_step, max_steps):
        self.controller = controller
        self.cone_temperature = cone_temperature
        self.ramp_per_step = ramp_per_step
        self.max_steps = max_steps

    def ramp(self, ambient):
        def cond(state):
            step, temperature = state
            return (step < self.max_steps) & (temperature < self.cone_temperature)

        def body(state):
            step, _ = state
            self.controller.setpoint[...] = self.controller.setpoint[...] + self.ramp_per_step
            return step + 1, self.controller.predicted_temperature(ambient)

        return while_loop(cond, body, (0, jnp.asarray(0.0)))


def main():
    controller = KilnController(nnx.Rngs(0))
    schedule = FiringSchedule(controller, cone_temperature=1220.0, ramp_per_step=60.0, max_steps=40)
    schedule.ramp(jnp.asarray(18.0))
    return None
