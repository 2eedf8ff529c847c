# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ShipmentForecaster.__call__ runs the scan itself and first calls its GRUCell and Dense heads inside the body, so init creates their params in the loop
"""Cold-chain logistics: forecast container temperature over the next hours of a shipment."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ShipmentForecaster(nn.Module):
    hidden: int = 8
    horizon: int = 6

    @nn.compact
    def __call__(self, reading):
        cell = nn.GRUCell(features=self.hidden, name="thermal_cell")
        head = nn.Dense(1, name="temperature_head")

        def tick(h, _):
            h, out = cell(h, reading)
            return h, head(out)[..., 0]

        h0 = jnp.zeros(reading.shape[:-1] + (self.hidden,))
        _, temps = lax.scan(tick, h0, None, length=self.horizon)
        return temps


class ExcursionMonitor:
    def __init__(self, model, variables, limit=8.0):
        self.model = model
        self.variables = variables
        self.limit = limit

    def alarms(self, reading):
        temps = self.model.apply(self.variables, reading)
        return jnp.any(temps > self.limit, axis=0)


def main():
    model = ShipmentForecaster()
    reading = jax.random.normal(jax.random.key(0), (3, 5))
    variables = model.init(jax.random.key(1), reading)
    monitor = ExcursionMonitor(model, variables)
    monitor.alarms(reading).block_until_ready()
    return None
