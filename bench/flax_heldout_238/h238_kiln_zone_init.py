# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the kiln zone module's own compact method scans over the drying floors and calls its Dense layer for the first time inside the scan body during init
"""Air-path model of a multi-floor hop kiln: warm air passes the drying floors one after the other."""

from __future__ import annotations

import dataclasses
import logging

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

log = logging.getLogger("kiln.zones")


@dataclasses.dataclass(frozen=True)
class KilnLayout:
    floors: int = 4
    channels: int = 6
    bays: int = 3
    inlet_temp_c: float = 62.0


@dataclasses.dataclass
class FloorReading:
    floor: int
    hop_moisture: jax.Array


class FloorExchange(nn.Module):
    """Heat and moisture exchange between the air stream and the hop bed on every floor."""

    channels: int

    @nn.compact
    def __call__(self, air: jax.Array, hop_beds: jax.Array) -> tuple[jax.Array, jax.Array]:
        exchange = nn.Dense(self.channels, name="exchange")
        damping = self.param("damping", nn.initializers.constant(0.7), (self.channels,))

        def across_floor(stream, bed):
            stream = jnp.tanh(exchange(stream) * damping + bed)
            return stream, stream.mean(axis=-1)

        leaving_air, humidity = lax.scan(across_floor, air, hop_beds)
        return leaving_air, humidity


class KilnAirService:
    def __init__(self, layout: KilnLayout):
        self.layout = layout
        self.model = FloorExchange(channels=layout.channels)
        self.variables = None

    def inlet(self) -> jax.Array:
        scale = self.layout.inlet_temp_c / 100.0
        return jnp.full((self.layout.bays, self.layout.channels), scale)

    def beds(self, readings: list[FloorReading]) -> jax.Array:
        ordered = sorted(readings, key=lambda r: r.floor)
        return jnp.stack([r.hop_moisture for r in ordered])

    def commission(self, key: jax.Array, readings: list[FloorReading]) -> None:
        self.variables = self.model.init(key, self.inlet(), self.beds(readings))
        log.info("kiln air model commissioned with %d floors", self.layout.floors)

    def humidity_profile(self, readings: list[FloorReading]) -> tuple[jax.Array, jax.Array]:
        return self.model.apply(self.variables, self.inlet(), self.beds(readings))


def survey(layout: KilnLayout) -> list[FloorReading]:
    base = jnp.linspace(0.2, 0.8, layout.channels)
    return [
        FloorReading(floor=f, hop_moisture=jnp.broadcast_to(base * (1.0 - 0.1 * f), (layout.bays, layout.channels)))
        for f in range(layout.floors)
    ]


def main():
    layout = KilnLayout()
    service = KilnAirService(layout)
    readings = survey(layout)
    service.commission(jax.random.key(11), readings)
    leaving_air, humidity = service.humidity_profile(readings)
    jax.block_until_ready((leaving_air, humidity))
    return None
