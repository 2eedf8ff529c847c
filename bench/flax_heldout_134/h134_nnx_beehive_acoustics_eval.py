# label: ok
# flax-error: none
# class: 2 the hive-state classifier is a local of main(); it is switched to model.eval() before the while_loop, so the body only reads its nnx.BatchNorm statistics
"""Beehive acoustic monitor: classifies swarming risk frame by frame from the hive
microphone until the alert threshold is crossed or the recording ends."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class HiveStateNet(nnx.Module):
    def __init__(self, n_bands, rngs):
        self.proj = nnx.Linear(n_bands, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.risk = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frame):
        return nnx.sigmoid(self.risk(nnx.relu(self.norm(self.proj(frame)))))[..., 0].mean()


def main():
    n_frames, n_bands = 12, 24
    frames = jax.random.normal(jax.random.key(0), (n_frames, 8, n_bands))
    model = HiveStateNet(n_bands, nnx.Rngs(0))
    model.eval()
    threshold = 0.9

    def keep_listening(state):
        i, risk = state
        return (i < n_frames) & (risk < threshold)

    def listen(state):
        i, risk = state
        return i + 1, jnp.maximum(risk, model(frames[i]))

    last_frame, peak_risk = while_loop(keep_listening, listen, (0, jnp.float32(0.0)))
    return None
