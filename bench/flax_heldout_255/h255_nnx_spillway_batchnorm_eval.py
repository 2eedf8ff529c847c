# label: ok
# flax-error: none
# class: 4 the scan body reaches the model as service.pipeline.model (two objects deep) and calls it, in evaluation mode, on each window of gauge readings
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


@dataclass(frozen=True)
class SpillwayLayout:
    gates: int = 3
    sensors_per_gate: int = 2
    hidden: int = 8

    @property
    def n_inputs(self) -> int:
        return self.gates * self.sensors_per_gate


class GateDischargeModel(nnx.Module):
    def __init__(self, layout: SpillwayLayout, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(layout.n_inputs, layout.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(layout.hidden, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(layout.hidden, layout.gates, rngs=rngs)

    def __call__(self, readings):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.encode(readings)))))


class ReadingPipeline:
    def __init__(self, layout: SpillwayLayout, seed: int):
        self.layout = layout
        self.model = GateDischargeModel(layout, rngs=nnx.Rngs(seed))

    def windows(self, stream, width: int):
        n = stream.shape[0] // width
        return stream[: n * width].reshape(n, width, self.layout.n_inputs)


class SpillwayService:
    def __init__(self, layout: SpillwayLayout, seed: int = 7):
        self.pipeline = ReadingPipeline(layout, seed)

    def peak_discharge(self, stream):
        windows = self.pipeline.windows(stream, width=4)
        self.pipeline.model.eval()

        def per_window(peak, window):
            discharge = self.pipeline.model(window)
            return jnp.maximum(peak, discharge.max()), discharge.mean(axis=0)

        return lax.scan(per_window, jnp.float32(0.0), windows)


def telemetry_stream(layout: SpillwayLayout, samples: int = 16):
    t = jnp.arange(samples * layout.n_inputs, dtype=jnp.float32).reshape(samples, layout.n_inputs)
    return 2.0 + jnp.sin(t / 5.0)


def main():
    layout = SpillwayLayout()
    service = SpillwayService(layout)
    peak, per_gate = service.peak_discharge(telemetry_stream(layout))
    jax.block_until_ready((peak, per_gate))
    return None
