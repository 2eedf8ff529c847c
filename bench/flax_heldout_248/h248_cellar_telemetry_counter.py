# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 CellarClimate.__call__ owns the telemetry variables and writes them from its own fori_loop body
"""Humidity settling model for the cheese aging cellars, with telemetry."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CellarClimate(nn.Module):
    shelves: int = 4
    hours: int = 6

    @nn.compact
    def __call__(self, humidity):
        readings = self.variable("telemetry", "readings", jnp.zeros, ())
        drift = self.variable("telemetry", "drift", jnp.zeros, (self.shelves,))
        exchange = self.param("exchange", nn.initializers.normal(0.1), (self.shelves, self.shelves))

        def hour(i, h):
            h = 0.9 * h + 0.1 * jnp.tanh(h @ exchange)
            if not self.is_initializing():
                readings.value = readings.value + 1.0
                drift.value = drift.value + h.mean(axis=0)
            return h

        return lax.fori_loop(0, self.hours, hour, humidity)


class TelemetrySink:
    def __init__(self):
        self.batches = []

    def ingest(self, telemetry):
        self.batches.append(telemetry["drift"] / jnp.maximum(telemetry["readings"], 1.0))

    def flush(self):
        return jnp.stack(self.batches)


class CellarStation:
    def __init__(self, model: CellarClimate, sink: TelemetrySink):
        self.model = model
        self.sink = sink
        self.variables = None

    def commission(self, humidity):
        self.variables = self.model.init(jax.random.key(7), humidity)

    def settle(self, humidity):
        settled, updates = self.model.apply(self.variables, humidity, mutable=["telemetry"])
        self.variables = {**self.variables, **updates}
        self.sink.ingest(updates["telemetry"])
        return settled


def main():
    humidity = jnp.full((3, 4), 0.82, dtype=jnp.float32)
    station = CellarStation(CellarClimate(), TelemetrySink())
    station.commission(humidity)
    settled = station.settle(humidity)
    jax.block_until_ready((settled, station.sink.flush()))
    return None
