# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 IrrigationController.season reaches the nnx ValveModel through self.planner.valve; the scan body writes each flow into the valve's plain telemetry dict
"""Orchard irrigation scheduler: a controller asks each zone's valve model for a flow from
soil-moisture probes day by day; the latest flow is kept on the valve for the field app."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class ValveModel(nnx.Module):
    def __init__(self, probes, rngs):
        self.response = nnx.Linear(probes, 1, rngs=rngs)
        self.telemetry = {}

    def __call__(self, soil):
        return nnx.softplus(self.response(soil))[..., 0]


class ZonePlanner:
    def __init__(self, zone, valve):
        self.zone = zone
        self.valve = valve


class IrrigationController:
    def __init__(self, planner, evaporation=0.08):
        self.planner = planner
        self.evaporation = evaporation

    def season(self, probe_series, moisture):
        valve = self.planner.valve

        def body(moisture, probes):
            flow = valve(probes)
            valve.telemetry["last_flow"] = flow
            return moisture * (1.0 - self.evaporation) + 0.1 * flow, moisture

        moisture, history = lax.scan(body, moisture, probe_series)
        return moisture, history

    def field_app_payload(self):
        telemetry = self.planner.valve.telemetry
        return {key: jnp.round(value, 2) for key, value in telemetry.items()}


def main():
    probes = jax.random.uniform(jax.random.key(0), (30, 5, 4))  # days, trees, probes
    controller = IrrigationController(ZonePlanner("north_block", ValveModel(4, nnx.Rngs(0))))
    controller.season(probes, jnp.full((5,), 0.3))
    controller.field_app_payload()
    return None
