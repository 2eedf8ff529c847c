# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FermentationPipeline.track scans readings and the body calls self.adapter, a GravityAdapter from a registry filled by __init_subclass__, which builds its nnx.Linear head lazily on first use (inside the body) and keeps it
"""Brewery fermentation tracking: predict specific gravity from tank sensors with pluggable adapters."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SensorBackbone(nnx.Module):
    def __init__(self, sensors: int, width: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(sensors, width, rngs=rngs)

    def __call__(self, reading):
        return nnx.gelu(self.enc(reading))


class Adapter:
    registry: dict[str, type["Adapter"]] = {}

    def __init_subclass__(cls, *, target: str, **kwargs):
        super().__init_subclass__(**kwargs)
        Adapter.registry[target] = cls

    def __init__(self, width: int, seed: int):
        self.width, self.seed = width, seed
        self._head: nnx.Linear | None = None

    def head(self) -> nnx.Linear:
        if self._head is None:
            self._head = nnx.Linear(self.width, 1, rngs=nnx.Rngs(self.seed))
        return self._head


class GravityAdapter(Adapter, target="gravity"):
    def __call__(self, features):
        return 1.0 + 0.01 * nnx.sigmoid(self.head()(features))[..., 0]


@dataclass(frozen=True)
class PipelineConfig:
    sensors: int = 4  # temperature, pressure, CO2 flow, pH
    width: int = 12
    target: str = "gravity"


class FermentationPipeline:
    def __init__(self, cfg: PipelineConfig):
        self.backbone = SensorBackbone(cfg.sensors, cfg.width, rngs=nnx.Rngs(0))
        self.adapter = Adapter.registry[cfg.target](cfg.width, seed=1)

    def track(self, readings):  # [hours, tanks, sensors]
        def hour(_, reading):
            return None, self.adapter(self.backbone(reading))

        _, gravity = lax.scan(hour, None, readings)
        return gravity

    def latest(self, reading):
        return self.adapter(self.backbone(reading))


def main():
    cfg = PipelineConfig()
    readings = jax.random.normal(jax.random.key(0), (12, 3, cfg.sensors))
    pipeline = FermentationPipeline(cfg)
    history = pipeline.track(readings)
    print(history.shape, pipeline.latest(readings[-1]))
    return None
