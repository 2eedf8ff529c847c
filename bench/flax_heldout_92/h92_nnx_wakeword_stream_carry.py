# label: ok
# flax-error: none
# class: 2 a wake-word service holds an NNX detector whose StreamState variable (an nnx.Variable subclass) is split out, carried through the scan and written back after the loop
"""Voice-assistant wake-word service with a streaming detector that keeps a ring buffer of frames."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StreamState(nnx.Variable):
    """Per-session streaming buffer, never trained."""


class StreamingDetector(nnx.Module):
    def __init__(self, feat, context, *, rngs):
        self.ring = StreamState(jnp.zeros((context, feat)))
        self.proj = nnx.Linear(feat * context, 16, rngs=rngs)
        self.cls = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frame):
        ring = jnp.concatenate([self.ring[...][1:], frame[None]], axis=0)
        self.ring[...] = ring
        return nnx.sigmoid(self.cls(nnx.relu(self.proj(ring.reshape(-1)))))[0]


class WakeWordService:
    def __init__(self, detector, threshold=0.6):
        self.detector = detector
        self.threshold = threshold

    def listen(self, frames):
        graphdef, stream, rest = nnx.split(self.detector, StreamState, ...)

        def on_frame(stream, frame):
            det = nnx.merge(graphdef, stream, rest)
            score = det(frame)
            return nnx.state(det, StreamState), score > self.threshold

        stream, fired = lax.scan(on_frame, stream, frames)
        nnx.update(self.detector, stream)
        return fired


def main():
    service = WakeWordService(StreamingDetector(8, 4, rngs=nnx.Rngs(0)))
    service.listen(jnp.ones((30, 8)))
    return None
