# label: ok
# flax-error: none
# class: 2 the locals controller and params of run_until_setpoint go into the while_loop body; the 'actuator' collection goes through the loop carry
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
    params = variables["params"]

    def cond(state):
        step, temp, _ = state
        return (step < max_steps) & (temp > setpoint)

    def body(state):
        step, temp, actuator = state
        reading = jnp.stack([temp - setpoint, outside - temp])
        opening, updates = controller.apply(
            {"params": params, "actuator": actuator}, reading, mutable=["actuator"]
        )
        return step + 1, thermal_step(temp, outside, opening), updates["actuator"]

    steps, temperature, actuator = lax.while_loop(
        cond, body, (jnp.int32(0), temperature, variables["actuator"])
    )
    return steps, temperature


def main():
    controller = VentController()
    variables = controller.init(jax.random.key(2), jnp.zeros((2,)))
    steps, temperature = run_until_setpoint(controller, variables, jnp.float32(31.0), jnp.float32(18.0), 24.0)
    int(steps)
    return None
