# label: ok
# flax-error: none
# class: 1 the controller's settle method runs the while_loop itself, counts steps in the carry and writes its telemetry variable after the loop
"""Water treatment controller: doses chlorine until the residual reaches target, counting dosing steps."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ChlorineDosingController(nn.Module):
    target: float = 0.5
    max_steps: int = 20

    def setup(self):
        self.policy = nn.Dense(1)
        self.steps = self.variable("telemetry", "dosing_steps", lambda: jnp.zeros((), jnp.int32))

    def dose(self, features):
        return nn.softplus(self.policy(features))[0]

    def settle(self, turbidity):
        def cond(state):
            i, residual, _ = state
            return (residual < self.target) & (i < self.max_steps)

        def body(state):
            i, residual, count = state
            features = jnp.stack([residual, turbidity, i / self.max_steps])
            return i + 1, residual + 0.1 * self.dose(features), count + 1

        _, residual, count = lax.while_loop(cond, body, (0, jnp.zeros(()), self.steps.value))
        self.steps.value = count
        return residual


class PlantSupervisor:
    def __init__(self, controller, variables):
        self.controller = controller
        self.variables = variables
        self.shift_steps = []

    def run_shift(self, turbidity):
        residual, updates = self.controller.apply(
            self.variables, turbidity, method=ChlorineDosingController.settle, mutable=["telemetry"]
        )
        self.variables = {**self.variables, **updates}
        self.shift_steps.append(jnp.maximum(self.variables["telemetry"]["dosing_steps"], 0))
        return residual, self.shift_steps[-1]


def main():
    controller = ChlorineDosingController()
    variables = controller.init(jax.random.key(0), jnp.ones(3), method=ChlorineDosingController.dose)
    supervisor = PlantSupervisor(controller, variables)
    residual, steps = supervisor.run_shift(jnp.asarray(1.7))
    float(residual)
    return None
