# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 VentController.__call__ runs the scan itself and increments its own telemetry/actuations variable inside the body
"""Greenhouse climate control: a vent controller rolls the climate of every zone forward
hour by hour and keeps a telemetry count of how often each vent opened."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VentController(nn.Module):
    zones: int = 3
    hours: int = 8

    @nn.compact
    def __call__(self, climate):
        policy = nn.Dense(1, name="policy")
        actuations = self.variable("telemetry", "actuations", jnp.zeros, (self.zones,))
        policy(climate)

        def hour(state, _):
            opening = nn.sigmoid(policy(state))[:, 0]
            actuations.value = actuations.value + (opening > 0.5)
            cooled = state.at[:, 0].add(-0.3 * opening)
            return cooled, opening

        final, openings = jax.lax.scan(hour, climate, None, length=self.hours)
        return final, openings


class ClimateService:
    def __init__(self, controller, variables):
        self.controller = controller
        self.variables = variables

    def tick(self, climate):
        (final, openings), updates = self.controller.apply(
            self.variables, climate, mutable=["telemetry"])
        self.variables = {**self.variables, **updates}
        return final

    def report(self):
        counts = self.variables["telemetry"]["actuations"]
        return {"total_actuations": jnp.sum(counts), "busiest_zone": jnp.argmax(counts)}


def main():
    climate = jnp.array([[28.0, 0.7, 410.0], [24.5, 0.6, 380.0], [31.0, 0.8, 450.0]]) / 30.0
    controller = VentController()
    variables = controller.init(jax.random.key(0), climate)
    service = ClimateService(controller, variables)
    service.tick(climate)
    service.report()
    return None
