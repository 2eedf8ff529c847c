# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches the GRU spotter and the stream's plain dataclass state through self.hub.devices[device_id], and writes the new hidden state onto that dataclass from inside the body
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
            device.stream.hidden = h
            return h, logits

        start = self.hub.devices[device_id].stream.hidden
        _, logits = jax.lax.scan(frame_step, start, frames)
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
