# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_setpoint" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local kiln controller and its variables are closed over by the while_loop body, which applies a module that writes its 'cache' collection without mutable
"""Ceramics kiln firing controller: steps the ramp schedule until the target cone temperature."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import while_loop


class RampController(nn.Module):
    """Autoregressive controller: remembers the previous setpoint in a cache collection."""

    @nn.compact
    def __call__(self, temp):
        prev = self.variable("cache", "prev_setpoint", lambda: jnp.zeros(()))
        step = nn.softplus(nn.Dense(1)(jnp.stack([temp, prev.value]))[0]) * 25.0
        prev.value = temp + step
        return prev.value


def fire(target=1200.0, max_steps=80):
    controller = RampController()
    variables = controller.init(jax.random.key(0), jnp.float32(20.0))

    def below_target(state):
        temp, n = state
        return (temp < target) & (n < max_steps)

    def ramp(state):
        temp, n = state
        return controller.apply(variables, temp), n + 1

    return while_loop(below_target, ramp, (jnp.float32(20.0), jnp.int32(0)))


def main():
    fire()
    return None
