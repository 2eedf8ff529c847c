# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "normalizer" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the controller keeps functools.partial(dynamics.apply, variables) and calls it with update_stats=True inside a raw lax.while_loop
"""Smart-thermostat controller: a learned room-dynamics model (with a running normaliser of
the states it sees) is rolled forward until the room reaches the setpoint."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class RoomDynamics(nn.Module):
    @nn.compact
    def __call__(self, state, heat, update_stats: bool = False):
        mean = self.variable('normalizer', 'mean', jnp.zeros, state.shape)
        if update_stats:
            mean.value = 0.95 * mean.value + 0.05 * state
        z = jnp.concatenate([state - mean.value, heat[None]])
        return state + 0.1 * nn.Dense(state.shape[0])(nn.tanh(nn.Dense(16)(z)))


@dataclasses.dataclass
class ControllerConfig:
    setpoint: float = 21.0
    max_steps: int = 50
    heat: float = 1.0


class ThermostatController:
    def __init__(self, variables, config: ControllerConfig):
        self.config = config
        self.predict = functools.partial(RoomDynamics().apply, variables)

    def minutes_to_setpoint(self, room):
        cfg = self.config

        def not_there(carry):
            state, step = carry
            return (state[0] < cfg.setpoint) & (step < cfg.max_steps)

        def advance(carry):
            state, step = carry
            state = self.predict(state, jnp.asarray(cfg.heat), update_stats=True)
            return state, step + 1

        _, steps = jax.lax.while_loop(not_there, advance, (room, jnp.zeros((), jnp.int32)))
        return steps


def main():
    room = jnp.array([17.5, 40.0, 3.0])
    variables = RoomDynamics().init(jax.random.key(0), room, jnp.asarray(1.0))
    controller = ThermostatController(variables, ControllerConfig())
    jax.block_until_ready(controller.minutes_to_setpoint(room))
    return None
