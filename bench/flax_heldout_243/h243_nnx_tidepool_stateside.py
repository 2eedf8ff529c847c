# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 StationRunner reaches the forecaster through a weakref.ref to its TideStation; the scan body merges it from the carried state and keeps nnx.state() of the merged model on self.cache
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from flax import nnx


class SalinityForecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(3, 4, rngs=rngs)
        self.norm = nnx.BatchNorm(4, momentum=0.8, rngs=rngs)
        self.dec = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, readings):
        return self.dec(nnx.tanh(self.norm(self.enc(readings))))[..., 0]


class TideStation:
    def __init__(self, name: str, model: SalinityForecaster):
        self.name = name
        self.model = model


@dataclass
class ForecastCache:
    latest: Any = None
    cycles: int = 0


class StationRunner:
    def __init__(self, station: TideStation):
        self._station = weakref.ref(station)
        self.cache = ForecastCache()

    @property
    def station(self) -> TideStation:
        station = self._station()
        if station is None:
            raise LookupError("tide station was decommissioned")
        return station

    def assimilate(self, readings):
        graphdef, state = nnx.split(self.station.model)

        def cycle(state, frame):
            model = nnx.merge(graphdef, state)
            level = model(frame)
            self.cache.latest = nnx.state(model)
            return state, jnp.mean(level)

        _, levels = jax.lax.scan(cycle, state, readings)
        self.cache.cycles += readings.shape[0]
        nnx.update(self.station.model, self.cache.latest)
        return levels

    def nowcast(self, readings):
        model = self.station.model
        model.eval()
        return model(readings)


def readings_for(cycles: int = 4, batch: int = 5):
    base = jnp.linspace(0.0, 1.0, cycles * batch * 3, dtype=jnp.float32)
    return base.reshape(cycles, batch, 3) * jnp.array([35.0, 14.0, 1.5], jnp.float32) / 10.0


def main():
    station = TideStation("mussel-ledge", SalinityForecaster(nnx.Rngs(3)))
    runner = StationRunner(station)
    readings = readings_for()
    levels = runner.assimilate(readings)
    now = runner.nowcast(readings[-1])
    jax.block_until_ready((levels, now))
    return None
