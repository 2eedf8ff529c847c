# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the controller's settle method runs the while_loop itself and bumps its own telemetry variable inside the body
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
            i, residual = state
            return (residual < self.target) & (i < self.max_steps)

        def body(state):
            i, residual = state
            features = jnp.stack([residual, turbidity, i / self.max_steps])
            self.steps.value = self.steps.value + 1
            return i + 1, residual + 0.1 * self.dose(features)

        _, residual = lax.while_loop(cond, body, (0, jnp.zeros(())))
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
