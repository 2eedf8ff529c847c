# label: ok
# flax-error: none
# class: 4 the scan body calls service.active, a property returning the pooled session's model, switched to eval mode when the session is opened
"""Fog-horn audibility sweeps for a lighthouse authority.

The service keeps one session per station in a pool and exposes the active station's network
through a property; the sweep scans the network over a night of visibility frames.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class AudibilityNet(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frame):
        return self.head(nnx.relu(self.norm(self.encode(frame))))[..., 0]


@dataclasses.dataclass
class StationSession:
    name: str
    model: AudibilityNet


class FogService:
    def __init__(self):
        self._pool: dict[str, StationSession] = {}
        self._active: str | None = None

    def open(self, name: str, model: AudibilityNet) -> None:
        model.eval()
        self._pool[name] = StationSession(name, model)
        self._active = name

    @property
    def active(self) -> AudibilityNet:
        return self._pool[self._active].model


def visibility_sweep(service: FogService, frames):
    def body(total, frame):
        audible = service.active(frame)
        return total + audible.mean(), audible

    return jax.lax.scan(body, jnp.zeros(()), frames)


def main():
    service = FogService()
    service.open("north_foreland", AudibilityNet(6, rngs=nnx.Rngs(0)))
    frames = jax.random.normal(jax.random.key(1), (8, 10, 6))
    total, per_frame = visibility_sweep(service, frames)
    return None
