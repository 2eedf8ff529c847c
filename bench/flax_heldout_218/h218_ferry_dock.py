# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DockController -> self.harbor.thruster (a submodule two levels down, declared in setup); its first call, which creates its params during init, happens inside the scan body
"""Ferry docking: thruster commands for the final approach to a berth, step by step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ApproachConfig:
    steps: int = 6
    dt: float = 0.5


class Thruster(nn.Module):
    @nn.compact
    def __call__(self, position, current):
        command = nn.Dense(2, name="command")(jnp.concatenate([position, current]))
        return jnp.tanh(command)


class Harbor(nn.Module):
    def setup(self):
        self.thruster = Thruster()
        self.berth = jnp.zeros((2,))


class DockController(nn.Module):
    config: ApproachConfig

    def setup(self):
        self.harbor = Harbor()

    def __call__(self, start, currents):
        def step(position, current):
            push = self.harbor.thruster(position - self.harbor.berth, current)
            position = position + self.config.dt * (push + current)
            return position, position

        _, track = jax.lax.scan(step, start, currents)
        return track


def main():
    cfg = ApproachConfig()
    start = jnp.asarray([12.0, -3.0])
    currents = 0.1 * jnp.ones((cfg.steps, 2))
    controller = DockController(cfg)
    variables = controller.init(jax.random.PRNGKey(0), start, currents)
    controller.apply(variables, start, currents)
    return None
