# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "integral" in "/remat(pid)" because collection "pid" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 ArmController wraps JointPID in nn.remat and calls the wrapped cell from a fori_loop body; the cell integrates into its "pid" collection
"""Six-joint manipulator controller: learned feed-forward plus PID feedback at 1 kHz.

The PID cell is rematerialised so that long control horizons can be differentiated through.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class Gains:
    kp: float = 2.0
    ki: float = 0.1
    kd: float = 0.05


class JointPID(nn.Module):
    gains: Gains
    joints: int = 6

    @nn.compact
    def __call__(self, error, d_error):
        integral = self.variable("pid", "integral", jnp.zeros, (self.joints,))
        integral.value = integral.value + error
        feedforward = nn.Dense(self.joints, name="feedforward")(error)
        g = self.gains
        return feedforward + g.kp * error + g.ki * integral.value + g.kd * d_error


class ArmController(nn.Module):
    gains: Gains
    ticks: int = 20

    @nn.compact
    def __call__(self, targets, position):
        cell = nn.remat(JointPID)(self.gains, name="pid")

        def body(t, state):
            pos, prev_err = state
            err = targets[t] - pos
            torque = cell(err, err - prev_err)
            return pos + 1e-3 * torque, err

        pos, _ = fori_loop(0, self.ticks, body, (position, jnp.zeros_like(position)))
        return pos


class TrajectoryRunner:
    def __init__(self, controller: ArmController, variables):
        self.controller = controller
        self.variables = variables

    def follow(self, targets, start):
        return self.controller.apply(self.variables, targets, start)


def main():
    controller = ArmController(Gains())
    targets = jnp.tile(jnp.linspace(0.0, 1.0, 6), (20, 1))
    start = jnp.zeros(6)
    variables = controller.init(jax.random.key(0), targets, start)
    TrajectoryRunner(controller, variables).follow(targets, start)
    return None
