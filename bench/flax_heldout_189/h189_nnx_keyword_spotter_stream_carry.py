# label: ok
# flax-error: none
# class: 4 the scan body reaches the GRU spotter through self.hub.devices[device_id]; the stream's hidden state is the scan carry and is written onto the device's dataclass after the loop
"""Always-on keyword spotting for a smart-speaker fleet: each device streams 10 ms audio
frames in chunks and the hub keeps every device's recurrent state between chunks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

MFCC = 13
HIDDEN = 16
KEYWORDS = 3


class KeywordSpotter(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(MFCC, HIDDEN, rngs=rngs)
        self.head = nnx.Linear(HIDDEN, KEYWORDS, rngs=rngs)

    def __call__(self, h, frame):
        h, out = self.cell(h, frame)
        return h, self.head(out)


@dataclasses.dataclass
class StreamState:
    hidden: jax.Array
    frames: int = 0


@dataclasses.dataclass
class Device:
    spotter: KeywordSpotter
    stream: StreamState


class DeviceHub:
    def __init__(self, spotter):
        self.spotter = spotter
        self.devices = {}

    def connect(self, device_id):
        self.devices[device_id] = Device(self.spotter, StreamState(jnp.zeros((HIDDEN,))))


class WakeWordService:
    def __init__(self, hub):
        self.hub = hub

    def on_chunk(self, device_id, frames):
        def frame_step(h, frame):
            device = self.hub.devices[device_id]
            h, logits = device.spotter(h, frame)
            return h, logits

        start = self.hub.devices[device_id].stream.hidden
        last, logits = jax.lax.scan(frame_step, start, frames)
        self.hub.devices[device_id].stream.hidden = last
        self.hub.devices[device_id].stream.frames += frames.shape[0]
        return jnp.any(jax.nn.softmax(logits)[:, 1:] > 0.9)


def main():
    hub = DeviceHub(KeywordSpotter(nnx.Rngs(0)))
    hub.connect("kitchen-01")
    service = WakeWordService(hub)
    audio = jax.random.normal(jax.random.PRNGKey(1), (3, 25, MFCC))
    for chunk in audio:
        service.on_chunk("kitchen-01", chunk)
    return None
