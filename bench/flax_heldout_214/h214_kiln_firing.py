# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "setpoint" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the fori_loop body reaches FiringProgram.controller.bound (model.bind(variables), immutable), whose ramp() writes the cache/setpoint variable
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
        self.setpoint.value = temps[0] + step
        return temps.at[0].add(step).at[1].set(temps[0])

    def __call__(self, temps):
        return self.ramp(temps)


class KilnController:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)


class FiringProgram:
    def __init__(self, controller: KilnController, segments: int = 10):
        self.controller = controller
        self.segments = segments

    def fire(self, temps):
        def segment(i, state):
            return self.controller.bound.ramp(state)

        return lax.fori_loop(0, self.segments, segment, temps)


def main():
    temps = jnp.array([20.0, 20.0, 0.5])  # chamber, previous, humidity
    model = RampModel()
    variables = model.init(jax.random.key(0), temps)
    program = FiringProgram(KilnController(model, variables))
    program.fire(temps)
    return None
