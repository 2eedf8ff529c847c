# label: ok
# flax-error: none
# class: 4 ApronService fetches the pad from a WeakValueDictionary registry and puts it in evaluation mode; the scan body calls pad.ice_index(), which runs pad.sensors.norm
from __future__ import annotations

import weakref
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PadLayout:
    pad_id: str
    channels: int = 4
    passes: int = 3


class SensorStack(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(channels, channels, rngs=rngs)
        self.norm = nnx.BatchNorm(channels, momentum=0.9, rngs=rngs)

    def __call__(self, readings):
        return nnx.relu(self.norm(self.proj(readings)))


class DeicingPad(nnx.Module):
    def __init__(self, layout: PadLayout, rngs: nnx.Rngs):
        self.layout = layout
        self.sensors = SensorStack(layout.channels, rngs)
        self.head = nnx.Linear(layout.channels, 1, rngs=rngs)

    def ice_index(self, readings):
        return self.head(self.sensors(readings))[..., 0]


class PadRegistry:
    def __init__(self):
        self._pads = weakref.WeakValueDictionary()

    def enroll(self, pad: DeicingPad) -> None:
        self._pads[pad.layout.pad_id] = pad

    def pad(self, pad_id: str) -> DeicingPad:
        pad = self._pads.get(pad_id)
        if pad is None:
            raise KeyError(f"pad {pad_id} is not on the apron")
        return pad


class ApronService:
    def __init__(self, registry: PadRegistry):
        self.registry = registry

    def inspect(self, pad_id: str, readings):
        pad = self.registry.pad(pad_id)
        pad.eval()

        def one_pass(total, frame):
            return total + jnp.mean(pad.ice_index(frame)), None

        total, _ = jax.lax.scan(one_pass, jnp.float32(0.0), readings)
        return total / readings.shape[0]


def sensor_frames(layout: PadLayout, batch: int = 5):
    base = jnp.linspace(-2.0, 1.0, batch * layout.channels, dtype=jnp.float32).reshape(batch, layout.channels)
    return jnp.stack([base * (1.0 + 0.1 * k) for k in range(layout.passes)])


def main():
    layout = PadLayout("pad-D3")
    pad = DeicingPad(layout, nnx.Rngs(8))
    registry = PadRegistry()
    registry.enroll(pad)
    index = ApronService(registry).inspect("pad-D3", sensor_frames(layout))
    jax.block_until_ready(index)
    return None
