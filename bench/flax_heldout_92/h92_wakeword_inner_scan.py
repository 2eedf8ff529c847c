# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the module's own __call__ runs a raw lax.scan whose body writes the 'stream' state variable captured from self.variable
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

        def frame_step(carry, frame):
            logit = proj(frame)[0]
            smooth.value = self.decay * smooth.value + (1 - self.decay) * logit
            return carry, nn.sigmoid(smooth.value)

        _, probs = lax.scan(frame_step, None, chunk)
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
