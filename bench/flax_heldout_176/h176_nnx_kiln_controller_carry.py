# label: ok
# flax-error: none
# class: 3 the firing schedule reaches a Setpoint variable (an nnx.Variable subclass) on its controller; its value is carried through the while_loop and written back to self.controller.setpoint after the loop
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

    def predicted_temperature(self, ambient, setpoint):
        x = jnp.stack([setpoint / 1000.0, ambient / 100.0])
        return 1000.0 * nnx.sigmoid(self.plant(x)[0]) + setpoint * 0.5


class FiringSchedule:
    def __init__(self, controller, cone_temperature, ramp_per_step, max_steps):
        self.controller = controller
        self.cone_temperature = cone_temperature
        self.ramp_per_step = ramp_per_step
        self.max_steps = max_steps

    def ramp(self, ambient):
        def cond(state):
            step, temperature, _ = state
            return (step < self.max_steps) & (temperature < self.cone_temperature)

        def body(state):
            step, _, setpoint = state
            setpoint = setpoint + self.ramp_per_step
            return step + 1, self.controller.predicted_temperature(ambient, setpoint), setpoint

        start = (0, jnp.asarray(0.0), self.controller.setpoint[...])
        steps, temperature, setpoint = while_loop(cond, body, start)
        self.controller.setpoint[...] = setpoint
        return steps, temperature


def main():
    controller = KilnController(nnx.Rngs(0))
    schedule = FiringSchedule(controller, cone_temperature=1220.0, ramp_per_step=60.0, max_steps=40)
    schedule.ramp(jnp.asarray(18.0))
    return None
