# label: same-values
# flax-error: none
# class: 5 a factory wraps the control step in jax.checkpoint around an AttitudeLoop's model.bind(variables, rngs=...) whose make_rng runs in the while_loop body
"""Spacecraft attitude hold with a learned controller and sampled disturbance torques."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ControllerWithDisturbance(nn.Module):
    hidden: int = 16
    torque_scale: float = 1e-3

    @nn.compact
    def __call__(self, att):  # att: [roll, pitch, yaw, p, q, r]
        h = nn.tanh(nn.Dense(self.hidden)(att))
        control = 0.05 * nn.Dense(3)(h)
        disturbance = self.torque_scale * jax.random.normal(self.make_rng("disturb"), (3,))
        return control, disturbance


def make_control_step(bound, dt):
    def step(att):
        control, disturbance = bound(att)
        rates = att[3:] + dt * (control + disturbance)
        return jnp.concatenate([att[:3] + dt * rates, rates]), disturbance

    return jax.checkpoint(step)


class AttitudeLoop:
    def __init__(self, model, variables, key, horizon=10, dt=0.1):
        self.bound = model.bind(variables, rngs={"disturb": key})
        self.horizon = horizon
        self.step = make_control_step(self.bound, dt)

    def run(self, att0):
        def cond(state):
            return state[0] < self.horizon

        def body(state):
            t, att, log = state
            att, disturbance = self.step(att)
            return t + 1, att, log.at[t].set(disturbance)

        _, _, log = jax.lax.while_loop(cond, body, (0, att0, jnp.zeros((self.horizon, 3))))
        return log  # per-step disturbance torques


def main():
    att0 = jnp.array([0.02, -0.01, 0.03, 0.0, 0.0, 0.0])
    model = ControllerWithDisturbance()
    variables = model.init({"params": jax.random.key(0), "disturb": jax.random.key(1)}, att0)
    loop = AttitudeLoop(model, variables, jax.random.key(7))
    return loop.run(att0)
