# label: ok
# flax-error: none
# class: 1 HiveListener.scan_recording runs the while_loop itself; the PeakLevel value rides in the loop state and is assigned to self.peak after the loop
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
            i, alarm, _ = state
            return (i < frames.shape[0]) & ~alarm

        def listen(state):
            i, alarm, peak = state
            score = self.frame_score(frames[i])
            return i + 1, score > threshold, jnp.maximum(peak, score)

        n_seen, alarm, peak = jax.lax.while_loop(
            keep_listening, listen, (0, jnp.array(False), self.peak.value))
        self.peak.value = peak
        return n_seen, alarm


def main():
    frames = jax.random.normal(jax.random.key(17), (12, 4, 20))
    listener = HiveListener(20, rngs=nnx.Rngs(0))
    n_seen, alarm = listener.scan_recording(frames)
    print("frames", n_seen, "alarm", alarm, "peak", listener.peak.value)
