# label: ok
# flax-error: none
# class: 1 StreamingDetector.__call__ runs the frame scan itself; the service puts the detector in eval mode first, so its nnx.BatchNorm only reads BatchStat in the body
"""On-device keyword spotting: a streaming detector scans a buffer of log-mel frames."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class StreamingDetector(nnx.Module):
    def __init__(self, n_mels, n_keywords, rngs: nnx.Rngs):
        self.frontend = nnx.Linear(n_mels, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.95, rngs=rngs)
        self.classifier = nnx.Linear(32, n_keywords + 1, rngs=rngs)
        self.smoothing = 0.7

    def __call__(self, frames):
        def on_frame(posterior, frame):
            h = self.norm(nnx.relu(self.frontend(frame[None])))[0]
            probs = nnx.softmax(self.classifier(h))
            posterior = self.smoothing * posterior + (1.0 - self.smoothing) * probs
            return posterior, posterior[1:].max()

        init = jnp.zeros(self.classifier.out_features)
        _, confidence = scan(on_frame, init, frames)
        return confidence


class WakeWordService:
    def __init__(self, detector, threshold=0.5):
        self.detector = detector
        self.detector.eval()
        self.threshold = threshold

    def process_buffer(self, frames):
        return self.detector(frames) > self.threshold


def main():
    detector = StreamingDetector(n_mels=40, n_keywords=2, rngs=nnx.Rngs(0))
    service = WakeWordService(detector)
    frames = jax.random.normal(jax.random.key(1), (25, 40))
    hits = service.process_buffer(frames)
    assert hits.shape == (25,)
    return None
