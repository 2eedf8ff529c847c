# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the AnnealController module method runs the scan over the annealing schedule itself; its setup submodules are first called inside the body
"""Glass-kiln annealing controller: steps the kiln temperature through the annealing
schedule, predicting the heater duty for each segment from the previous temperature."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class AnnealController(nn.Module):
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.duty_head = nn.Dense(1)

    def segment(self, temp, setpoint):
        features = jnp.stack([temp, setpoint, setpoint - temp])
        duty = jax.nn.sigmoid(self.duty_head(nn.tanh(self.encoder(features))))[0]
        return temp + 40.0 * duty - 0.05 * (temp - 20.0)

    def __call__(self, setpoints, start_temp):
        def body(temp, setpoint):
            nxt = self.segment(temp, setpoint)
            return nxt, nxt

        _, trace = jax.lax.scan(body, start_temp, setpoints)
        return trace


@partial(jax.jit, static_argnums=0)
def run_schedule(controller, variables, setpoints):
    return controller.apply(variables, setpoints, jnp.float32(480.0))


def main():
    controller = AnnealController()
    setpoints = jnp.linspace(520.0, 380.0, 8)
    variables = controller.init(jax.random.key(0), setpoints, jnp.float32(480.0))
    run_schedule(controller, variables, setpoints)
    return None
