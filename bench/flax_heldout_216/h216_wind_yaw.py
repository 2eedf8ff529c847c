# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped YawCell submodule is called inside the raw scan body of YawController.__call__
"""Wind farm yaw control: roll a rematerialised yaw cell over a gusty wind-direction trace to
produce the nacelle heading trajectory, with memory kept low for long horizons."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class YawCell(nn.Module):
    max_rate_deg: float = 0.5

    @nn.compact
    def __call__(self, features):
        h = nn.tanh(nn.Dense(8)(features))
        return self.max_rate_deg * nn.tanh(nn.Dense(1)(h))[0]


class YawController(nn.Module):
    @nn.compact
    def __call__(self, wind_dirs):
        cell = nn.remat(YawCell)(name="cell")

        def body(heading, wind_dir):
            misalignment = jnp.deg2rad(wind_dir - heading)
            step = cell(jnp.stack([jnp.sin(misalignment), jnp.cos(misalignment)]))
            heading = heading + step
            return heading, heading

        _, headings = lax.scan(body, wind_dirs[0], wind_dirs)
        return headings


class TurbineSupervisor:
    def __init__(self, controller):
        self.controller = controller

    def commission(self, calibration_trace):
        return self.controller.init(jax.random.PRNGKey(0), calibration_trace)

    def run(self, variables, trace):
        return self.controller.apply(variables, trace)


def main():
    trace = 270.0 + jnp.cumsum(jax.random.normal(jax.random.PRNGKey(1), (48,)) * 2.0)
    supervisor = TurbineSupervisor(YawController())
    variables = supervisor.commission(trace)
    supervisor.run(variables, trace).block_until_ready()
    return None
