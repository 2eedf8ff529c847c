# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches the anomaly scorer and a plain-Python telemetry buffer through network -> station, and records each score into the buffer
"""Ocean buoy network: a station's recurrent anomaly scorer reads hourly buoy readings; scores
are recorded in the station's telemetry buffer, which the network summarises after a sweep."""
import dataclasses
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class AnomalyScorer(nnx.Module):
    def __init__(self, sensors: int, hidden: int, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cell = nnx.Linear(sensors + hidden, hidden, rngs=rngs)
        self.score = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, h, reading):
        h = jnp.tanh(self.cell(jnp.concatenate([h, reading])))
        return h, nnx.sigmoid(self.score(h))[0]


class TelemetryBuffer:
    def __init__(self):
        self.series = defaultdict(list)

    def record(self, name: str, value) -> None:
        self.series[name].append(value)

    def peak(self, name: str) -> float:
        return float(jnp.max(jnp.concatenate([jnp.ravel(v) for v in self.series[name]])))


@dataclasses.dataclass
class Station:
    station_id: str
    scorer: AnomalyScorer
    buffer: TelemetryBuffer


class BuoyNetwork:
    def __init__(self, station: Station):
        self.station = station

    def sweep(self, readings):
        h0 = jnp.zeros((self.station.scorer.hidden,))

        def hour(h, reading):
            h, score = self.station.scorer(h, reading)
            self.station.buffer.record("anomaly", score)
            return h, None

        lax.scan(hour, h0, readings)
        return self.station.buffer.peak("anomaly")


def main():
    station = Station("north-shelf-07", AnomalyScorer(4, 8, rngs=nnx.Rngs(0)), TelemetryBuffer())
    network = BuoyNetwork(station)
    readings = jax.random.normal(jax.random.key(3), (24, 4))
    network.sweep(readings)
    return None
