# label: ok
# flax-error: none
# class: 2 the local params and telemetry collection of run_pitch_controller go into the while_loop as carry and model.apply(..., mutable=["telemetry"]) runs in the body
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
    params = variables["params"]

    def keep_going(state):
        step, pitch, torque, _ = state
        return (step < max_steps) & (torque > 0.5)

    def adjust(state):
        step, pitch, torque, telemetry = state
        delta, updates = model.apply({"params": params, "telemetry": telemetry}, flow,
                                     mutable=["telemetry"])
        pitch = pitch + 0.05 * delta
        return step + 1, pitch, rotor_torque(pitch, flow), updates["telemetry"]

    init = (0, jnp.zeros(()), rotor_torque(0.0, flow), variables["telemetry"])
    return while_loop(keep_going, adjust, init)


def main():
    model = PitchController()
    flow = jnp.array([1.2, 0.8, 1.5])
    variables = model.init(jax.random.key(0), flow)
    steps, pitch, torque, telemetry = run_pitch_controller(model, variables, flow)
    print(steps, pitch, torque, telemetry)
    return None
