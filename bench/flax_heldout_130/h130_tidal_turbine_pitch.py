# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "flow_ema" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local controller = model.bind(variables) in run_pitch_controller goes into the while_loop body; the model keeps a telemetry EMA variable
"""Tidal turbine blade pitch: the pitch controller tracks an exponential moving average of
flow speed in a telemetry collection and steps the blade pitch until the rotor torque settles."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import while_loop


class PitchController(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, flow):
        ema = self.variable("telemetry", "flow_ema", lambda: jnp.zeros(flow.shape[-1]))
        if not self.is_initializing():
            ema.value = self.decay * ema.value + (1.0 - self.decay) * flow
        h = nn.tanh(nn.Dense(8)(jnp.concatenate([flow, ema.value], axis=-1)))
        return nn.Dense(1)(h)[..., 0]


def rotor_torque(pitch, flow):
    return jnp.sum(flow) * jnp.cos(pitch)


def run_pitch_controller(model, variables, flow, max_steps=6):
    controller = model.bind(variables)

    def keep_going(state):
        step, pitch, torque = state
        return (step < max_steps) & (torque > 0.5)

    def adjust(state):
        step, pitch, torque = state
        pitch = pitch + 0.05 * controller(flow)
        return step + 1, pitch, rotor_torque(pitch, flow)

    init = (0, jnp.zeros(()), rotor_torque(0.0, flow))
    return while_loop(keep_going, adjust, init)


def main():
    model = PitchController()
    flow = jnp.array([1.2, 0.8, 1.5])
    variables = model.init(jax.random.key(0), flow)
    steps, pitch, torque = run_pitch_controller(model, variables, flow)
    print(steps, pitch, torque)
    return None
