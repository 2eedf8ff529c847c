# label: ok
# flax-error: none
# class: 2 a WakeWordService object holds the variables; the 'stream' ring buffer is made mutable and threaded through the scan carry
"""Voice-assistant wake-word service: streaming detector with a ring buffer of past frame features."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StreamingDetector(nn.Module):
    context: int = 4
    features: int = 8

    @nn.compact
    def __call__(self, frame):
        buf = self.variable("stream", "ring", jnp.zeros, (self.context, self.features))
        ring = jnp.concatenate([buf.value[1:], frame[None]], axis=0)
        buf.value = ring
        h = nn.Dense(16)(ring.reshape(-1))
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[0]


class WakeWordService:
    def __init__(self, detector, variables, threshold=0.5):
        self.detector = detector
        self.variables = variables
        self.threshold = threshold

    def listen(self, frames):
        params = self.variables["params"]

        def on_frame(stream, frame):
            score, updates = self.detector.apply({"params": params, "stream": stream}, frame, mutable=["stream"])
            return updates["stream"], score > self.threshold

        stream, fired = jax.lax.scan(on_frame, self.variables["stream"], frames)
        self.variables = {"params": params, "stream": stream}
        return fired


def main():
    det = StreamingDetector()
    frames = jnp.ones((20, 8))
    variables = det.init(jax.random.key(0), frames[0])
    service = WakeWordService(det, variables)
    service.listen(frames)
    return None
