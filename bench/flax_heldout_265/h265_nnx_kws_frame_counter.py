# label: trace-context
# flax-error: TraceContextError: Cannot mutate FramesSeen from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the detector's own run method scans over frames and increments its frame counter variable in the body
import jax
import jax.numpy as jnp
from flax import nnx


class FramesSeen(nnx.Variable):
    pass


class StreamingDetector(nnx.Module):
    def __init__(self, n_mels: int, n_keywords: int, width: int, rngs: nnx.Rngs):
        self.width = width
        self.cell = nnx.Linear(n_mels + width, width, rngs=rngs)
        self.readout = nnx.Linear(width, n_keywords, rngs=rngs)
        self.frames_seen = FramesSeen(jnp.zeros((), jnp.int32))

    def run(self, frames):
        def step(h, frame):
            h = jnp.tanh(self.cell(jnp.concatenate([frame, h], axis=-1)))
            self.frames_seen[...] = self.frames_seen[...] + 1
            return h, self.readout(h)

        h0 = jnp.zeros((frames.shape[1], self.width))
        _, logits = jax.lax.scan(step, h0, frames)
        return logits


class DetectionEndpoint:
    def __init__(self, detector: StreamingDetector, threshold: float = 0.6):
        self.detector = detector
        self.threshold = threshold

    def __call__(self, frames):
        probs = jax.nn.softmax(self.detector.run(frames), axis=-1)
        return probs.max(axis=0) > self.threshold


def main():
    endpoint = DetectionEndpoint(StreamingDetector(n_mels=6, n_keywords=3, width=10, rngs=nnx.Rngs(0)))
    frames = jax.random.normal(jax.random.key(1), (9, 2, 6))
    hits = endpoint(frames)
    jax.block_until_ready((hits, endpoint.detector.frames_seen[...]))
