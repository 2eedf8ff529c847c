# label: ok
# flax-error: none
# class: 5 the controller threads the dynamics variables through the raw lax.while_loop carry and applies with mutable=['normalizer']
"""Smart-thermostat controller: a learned room-dynamics model (with a running normaliser of
the states it sees) is rolled forward until the room reaches the setpoint."""
import dataclasses

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
        self.model = RoomDynamics()
        self.variables = variables

    def minutes_to_setpoint(self, room):
        cfg = self.config
        model = self.model

        def not_there(carry):
            _, state, step = carry
            return (state[0] < cfg.setpoint) & (step < cfg.max_steps)

        def advance(carry):
            variables, state, step = carry
            state, updates = model.apply(variables, state, jnp.asarray(cfg.heat),
                                         update_stats=True, mutable=['normalizer'])
            return {**variables, **updates}, state, step + 1

        init = (self.variables, room, jnp.zeros((), jnp.int32))
        self.variables, _, steps = jax.lax.while_loop(not_there, advance, init)
        return steps


def main():
    room = jnp.array([17.5, 40.0, 3.0])
    variables = RoomDynamics().init(jax.random.key(0), room, jnp.asarray(1.0))
    controller = ThermostatController(variables, ControllerConfig())
    jax.block_until_ready(controller.minutes_to_setpoint(room))
    return None
