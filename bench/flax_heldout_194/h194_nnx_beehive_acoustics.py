# label: trace-context
# flax-error: TraceContextError: Cannot mutate PeakLevel from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 HiveListener.scan_recording runs the while_loop itself and assigns self.peak (a PeakLevel Variable subclass) inside the body
"""Beehive acoustic monitoring: detect swarming from hive hum recordings.

The listener embeds each audio frame and keeps the loudest swarm score it has
seen in a custom `PeakLevel` variable, which the apiary dashboard reads.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class PeakLevel(nnx.Variable):
    """Running maximum kept with the model, excluded from the trainable params."""


class HiveListener(nnx.Module):
    def __init__(self, n_bins: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_bins, 12, rngs=rngs)
        self.swarm = nnx.Linear(12, 1, rngs=rngs)
        self.peak = PeakLevel(jnp.zeros(()))

    def frame_score(self, frame):
        return nnx.sigmoid(self.swarm(nnx.relu(self.embed(frame))))[..., 0].mean()

    def scan_recording(self, frames, threshold: float = 0.95):
        def keep_listening(state):
            i, alarm = state
            return (i < frames.shape[0]) & ~alarm

        def listen(state):
            i, alarm = state
            score = self.frame_score(frames[i])
            self.peak.value = jnp.maximum(self.peak.value, score)
            return i + 1, score > threshold

        n_seen, alarm = jax.lax.while_loop(keep_listening, listen, (0, jnp.array(False)))
        return n_seen, alarm


def main():
    frames = jax.random.normal(jax.random.key(17), (12, 4, 20))
    listener = HiveListener(20, rngs=nnx.Rngs(0))
    n_seen, alarm = listener.scan_recording(frames)
    print("frames", n_seen, "alarm", alarm, "peak", listener.peak.value)
