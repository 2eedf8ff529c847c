# label: ok
# flax-error: none
# class: 4 the fori_loop body reaches FiringProgram.controller.bound (model.bind(variables), immutable); the setpoint leaves through the carry instead of the cache variable
"""Pottery kiln firing: a firing program ramps the kiln segment by segment; the controller
holds the bound ramp model and remembers the last setpoint it issued."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RampModel(nn.Module):
    def setup(self):
        self.rate = nn.Dense(1)
        self.setpoint = self.variable("cache", "setpoint", jnp.zeros, ())

    def ramp(self, temps):
        step = 40.0 * nn.tanh(self.rate(temps / 1000.0))[0]
        return temps.at[0].add(step).at[1].set(temps[0]), temps[0] + step

    def __call__(self, temps):
        temps, setpoint = self.ramp(temps)
        self.setpoint.value = setpoint
        return temps


class KilnController:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)
        self.last_setpoint = None


class FiringProgram:
    def __init__(self, controller: KilnController, segments: int = 10):
        self.controller = controller
        self.segments = segments

    def fire(self, temps):
        def segment(i, carry):
            state, _ = carry
            return self.controller.bound.ramp(state)

        temps, setpoint = lax.fori_loop(0, self.segments, segment, (temps, jnp.zeros(())))
        self.controller.last_setpoint = setpoint
        return temps


def main():
    temps = jnp.array([20.0, 20.0, 0.5])  # chamber, previous, humidity
    model = RampModel()
    variables = model.init(jax.random.key(0), temps)
    program = FiringProgram(KilnController(model, variables))
    program.fire(temps)
    return None
