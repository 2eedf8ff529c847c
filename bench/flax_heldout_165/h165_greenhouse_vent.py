# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cycles" in "/" because collection "actuator" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the locals controller and variables of run_until_setpoint go into the while_loop body, which applies the controller without mutable
"""Greenhouse climate control: a learned vent controller opens the vents step by step until the
air temperature reaches its setpoint; the controller counts its actuator cycles."""

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


class VentController(nn.Module):
    @nn.compact
    def __call__(self, reading):
        cycles = self.variable("actuator", "cycles", lambda: jnp.zeros((), jnp.int32))
        opening = nn.sigmoid(nn.Dense(1)(reading))[0]
        if not self.is_initializing():
            cycles.value = cycles.value + 1
        return opening


def thermal_step(temperature, outside, opening):
    return temperature + 0.2 * opening * (outside - temperature) + 0.05


def run_until_setpoint(controller, variables, temperature, outside, setpoint, max_steps=50):
    def cond(state):
        step, temp = state
        return (step < max_steps) & (temp > setpoint)

    def body(state):
        step, temp = state
        reading = jnp.stack([temp - setpoint, outside - temp])
        opening = controller.apply(variables, reading)
        return step + 1, thermal_step(temp, outside, opening)

    return lax.while_loop(cond, body, (jnp.int32(0), temperature))


def main():
    controller = VentController()
    variables = controller.init(jax.random.key(2), jnp.zeros((2,)))
    steps, temperature = run_until_setpoint(controller, variables, jnp.float32(31.0), jnp.float32(18.0), 24.0)
    int(steps)
    return None
