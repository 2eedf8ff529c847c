# label: ok
# flax-error: none
# class: 4 the module's own __call__ runs a raw lax.scan; the smoothing state travels in the carry and is written to self.variable after the loop
"""Wake-word front end: the detector scans a chunk of audio frames itself and keeps its smoothing state."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ChunkDetector(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, chunk):
        proj = nn.Dense(1)
        smooth = self.variable("stream", "ema", lambda: jnp.zeros(()))
        logits = proj(chunk)[:, 0]

        def frame_step(ema, logit):
            ema = self.decay * ema + (1 - self.decay) * logit
            return ema, nn.sigmoid(ema)

        ema, probs = lax.scan(frame_step, smooth.value, logits)
        smooth.value = ema
        return probs


class StreamSession:
    def __init__(self, detector, variables):
        self.detector = detector
        self.state = variables

    def push(self, chunk):
        probs, updates = self.detector.apply(self.state, chunk, mutable=["stream"])
        self.state = {**self.state, **updates}
        return probs


def main():
    det = ChunkDetector()
    chunk = jnp.ones((10, 12))
    session = StreamSession(det, det.init(jax.random.key(0), chunk))
    session.push(chunk)
    session.push(chunk * 0.5)
    return None
