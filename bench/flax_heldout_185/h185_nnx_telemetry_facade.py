# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a detector factory from a decorator registry is called lazily by the AnomalyFacade on the first score() call, which happens inside the scan body, so the facade keeps a model built inside the loop
"""Satellite telemetry anomaly scoring; detectors are registered by name and built on first use."""
from __future__ import annotations

import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx

CHANNELS = 6  # bus voltage, battery temperature, wheel speeds, ...
DETECTORS: dict[str, Callable[..., nnx.Module]] = {}


def register_detector(name: str):
    def decorator(factory):
        DETECTORS[name] = factory
        return factory

    return decorator


class Autoencoder(nnx.Module):
    def __init__(self, bottleneck: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(CHANNELS, bottleneck, rngs=rngs)
        self.decode = nnx.Linear(bottleneck, CHANNELS, rngs=rngs)

    def __call__(self, frame):
        return jnp.sum((self.decode(nnx.tanh(self.encode(frame))) - frame) ** 2)


@register_detector("autoencoder")
def build_autoencoder(seed: int) -> nnx.Module:
    return Autoencoder(3, rngs=nnx.Rngs(seed))


@dataclasses.dataclass
class AnomalyFacade:
    """The ground segment only ever calls score(); the detector is built the first time."""

    detector: str
    seed: int = 0
    _model: nnx.Module | None = None

    def score(self, frame):
        if self._model is None:
            self._model = DETECTORS[self.detector](self.seed)
        return self._model(frame)


def score_pass(facade: AnomalyFacade, frames):
    def body(worst, frame):
        s = facade.score(frame)
        return jnp.maximum(worst, s), s

    return jax.lax.scan(body, jnp.zeros(()), frames)


def main():
    frames = jax.random.normal(jax.random.key(2), (7, CHANNELS))
    facade = AnomalyFacade("autoencoder")
    worst, scores = score_pass(facade, frames)
    latest = facade.score(frames[-1])  # the dashboard asks again after the pass
    float(latest)
    return None
