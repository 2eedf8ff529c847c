# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the controller's nnx.jit-compiled predict helper is handed the dynamics model stored on the controller from inside a raw lax.while_loop body
"""Smart-thermostat controller: a learned NNX room-dynamics model is rolled forward until the
room reaches the setpoint; the one-step prediction is an nnx.jit helper shared with the
planner."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class RoomDynamics(nnx.Module):
    def __init__(self, state_dim, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(state_dim + 1, 16, rngs=rngs)
        self.delta = nnx.Linear(16, state_dim, rngs=rngs)

    def __call__(self, state, heat):
        z = jnp.concatenate([state, heat[None]])
        return state + 0.1 * self.delta(nnx.tanh(self.hidden(z)))


@nnx.jit
def predict_next(dynamics, state, heat):
    return dynamics(state, heat)


@dataclasses.dataclass
class ControllerConfig:
    setpoint: float = 21.0
    max_steps: int = 40
    heat: float = 1.0


class ThermostatController:
    def __init__(self, dynamics, config: ControllerConfig):
        self.dynamics = dynamics
        self.config = config

    def minutes_to_setpoint(self, room):
        cfg = self.config

        def not_there(carry):
            state, step = carry
            return (state[0] < cfg.setpoint) & (step < cfg.max_steps)

        def advance(carry):
            state, step = carry
            return predict_next(self.dynamics, state, jnp.asarray(cfg.heat)), step + 1

        _, steps = jax.lax.while_loop(not_there, advance, (room, jnp.zeros((), jnp.int32)))
        return steps


def main():
    controller = ThermostatController(RoomDynamics(3, rngs=nnx.Rngs(0)), ControllerConfig())
    jax.block_until_ready(controller.minutes_to_setpoint(jnp.array([17.5, 40.0, 3.0])))
    return None
