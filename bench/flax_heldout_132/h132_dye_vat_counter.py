# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module method that owns the 'vat_stats' variables runs the fori_loop and writes them in the body
"""Dye-vat controller: simulates a batch of dips and keeps running totals per vat."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class DyeVatController(nn.Module):
    num_dips: int = 5
    uptake_rate: float = 0.2

    @nn.compact
    def __call__(self, bath_temps):
        shade = nn.Dense(1, name="shade_head")
        dips = self.variable("vat_stats", "dips", lambda: jnp.zeros((), jnp.int32))
        absorbed = self.variable("vat_stats", "absorbed", lambda: jnp.zeros(bath_temps.shape[:1]))
        shade(bath_temps)  # create the head's params before tracing the loop

        def dip(i, depth):
            uptake = self.uptake_rate * nn.sigmoid(shade(bath_temps * depth[:, None]))[:, 0]
            dips.value = dips.value + 1
            absorbed.value = absorbed.value + uptake
            return depth * 0.9

        final_depth = fori_loop(0, self.num_dips, dip, jnp.ones(bath_temps.shape[:1]))
        return absorbed.value / jnp.maximum(dips.value, 1) + 0.0 * final_depth


class VatReport:
    def __init__(self, controller, variables):
        self.controller = controller
        self.variables = variables

    def run_batch(self, bath_temps):
        mean_uptake, updates = self.controller.apply(self.variables, bath_temps, mutable=["vat_stats"])
        self.variables = {**self.variables, **updates}
        return mean_uptake


def main():
    bath_temps = jnp.array([[60.0, 0.4], [72.0, 0.6], [85.0, 0.5]]) / 100.0
    controller = DyeVatController()
    variables = controller.init(jax.random.key(0), bath_temps)
    report = VatReport(controller, variables)
    print(report.run_batch(bath_temps))
