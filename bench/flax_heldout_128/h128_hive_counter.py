# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frames_seen" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 HiveListener.listen runs jax.lax.fori_loop itself and bumps its own telemetry counter variable in the body; apply is called without mutable
"""Beehive acoustics: count frames with swarming-pitch energy over a recording.

The listener keeps a running count of processed frames in its own "telemetry" collection
and walks the recording frame by frame with a fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HiveListener(nn.Module):
    bands: int = 12

    def setup(self):
        self.encoder = nn.Dense(self.bands)
        self.frames_seen = self.variable("telemetry", "frames_seen", lambda: jnp.zeros((), jnp.int32))

    def band_energy(self, frame):
        return jax.nn.softplus(self.encoder(frame))

    def listen(self, frames):
        def step(i, swarm_score):
            energy = self.band_energy(frames[i])
            self.frames_seen.value = self.frames_seen.value + 1
            return swarm_score + energy[3:6].mean() - energy.mean()

        return jax.lax.fori_loop(0, frames.shape[0], step, jnp.zeros(()))


def main():
    frames = jax.random.normal(jax.random.key(11), (16, 32))  # 16 frames of 32 spectral bins
    listener = HiveListener()
    variables = listener.init(jax.random.key(0), frames[0], method=HiveListener.band_energy)
    score = listener.apply(variables, frames, method=HiveListener.listen)
    print(float(score))
    return None
