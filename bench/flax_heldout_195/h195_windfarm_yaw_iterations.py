# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "sweeps" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 YawSolver.__call__ runs the while_loop and counts its sweeps in a "diagnostics" variable it writes from the body
"""Wind farm yaw alignment: a learned solver nudges each turbine's yaw offset until the predicted
wake loss stops improving. The solver counts its sweeps for the operations dashboard; the
turbine controller applies it with read-only variables."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class YawSolver(nn.Module):
    turbines: int = 6
    max_sweeps: int = 20
    tolerance: float = 1e-3

    @nn.compact
    def __call__(self, wind):
        sweeps = self.variable("diagnostics", "sweeps", lambda: jnp.zeros((), jnp.int32))
        correct = nn.Dense(self.turbines, name="correct")
        yaw = jnp.zeros((self.turbines,))
        correct(jnp.concatenate([wind, yaw]))

        def not_settled(state):
            _, change, count = state
            return jnp.logical_and(change > self.tolerance, count < self.max_sweeps)

        def sweep(state):
            yaw, _, count = state
            new_yaw = 0.5 * yaw + 0.1 * jnp.tanh(correct(jnp.concatenate([wind, yaw])))
            sweeps.value = sweeps.value + 1
            return new_yaw, jnp.abs(new_yaw - yaw).max(), count + 1

        yaw, _, _ = lax.while_loop(not_settled, sweep, (yaw, jnp.asarray(1.0), jnp.asarray(0)))
        return yaw


@dataclasses.dataclass(frozen=True)
class ControllerConfig:
    max_offset_deg: float = 25.0


class TurbineController:
    def __init__(self, solver: YawSolver, variables, config: ControllerConfig):
        self.solver = solver
        self.variables = variables
        self.config = config

    def setpoints(self, wind):
        yaw = self.solver.apply(self.variables, wind)
        return jnp.clip(yaw * 90.0, -self.config.max_offset_deg, self.config.max_offset_deg)


def main():
    solver = YawSolver()
    wind = jnp.array([8.5, 0.3, 0.1])
    variables = solver.init(jax.random.key(0), wind)
    controller = TurbineController(solver, {"params": variables["params"],
                                            "diagnostics": {"sweeps": jnp.zeros((), jnp.int32)}},
                                   ControllerConfig())
    controller.setpoints(wind)
    return None
