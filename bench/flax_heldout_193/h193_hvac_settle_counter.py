# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "actuations" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 settle() takes the controller and its variables as locals and the while_loop body calls controller.apply on them; the controller counts its actuations in a "telemetry" collection
"""Building HVAC supervisory control: a learned zone controller drives the supply-air damper
until the zone temperature settles at the setpoint; the controller counts actuations for the
maintenance dashboard."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class ZoneController(nn.Module):
    @nn.compact
    def __call__(self, zone_temp, setpoint):
        actuations = self.variable("telemetry", "actuations", lambda: jnp.zeros((), jnp.int32))
        error = jnp.stack([zone_temp - setpoint, jnp.abs(zone_temp - setpoint)])
        damper = jnp.tanh(nn.Dense(1, kernel_init=nn.initializers.constant(-0.5))(error))[0]
        actuations.value = actuations.value + 1
        return damper


def settle(controller, variables, zone_temp, setpoint, tol=0.1, max_steps=50):
    def not_settled(carry):
        temp, step = carry
        return (jnp.abs(temp - setpoint) > tol) & (step < max_steps)

    def actuate(carry):
        temp, step = carry
        damper = controller.apply(variables, temp, setpoint)
        return temp + 0.8 * damper - 0.02 * (temp - 18.0), step + 1

    return while_loop(not_settled, actuate, (zone_temp, jnp.zeros((), jnp.int32)))


def main():
    controller = ZoneController()
    variables = controller.init(jax.random.key(0), jnp.array(24.0), jnp.array(21.0))
    temp, steps = settle(controller, variables, jnp.array(24.0), jnp.array(21.0))
    print("settled at", float(temp), "after", int(steps), "steps")
    return None
