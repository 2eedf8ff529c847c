# label: trace-context
# flax-error: TraceContextError: Cannot mutate StreamState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a wake-word service holds an NNX detector whose StreamState variable (an nnx.Variable subclass) is written inside the scan body
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
        def on_frame(carry, frame):
            score = self.detector(frame)
            return carry, score > self.threshold

        _, fired = lax.scan(on_frame, None, frames)
        return fired


def main():
    service = WakeWordService(StreamingDetector(8, 4, rngs=nnx.Rngs(0)))
    service.listen(jnp.ones((30, 8)))
    return None
