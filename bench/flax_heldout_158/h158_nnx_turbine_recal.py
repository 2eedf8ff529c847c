# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 recalibrate_for_site() takes the vibration encoder as a local and calls it, in train mode so its BatchNorm statistics move, inside the fori_loop body
"""Wind-turbine condition monitoring: recalibrating a vibration encoder for a new site.

Before an encoder trained on one wind farm is deployed on another, its BatchNorm statistics are
re-estimated on unlabelled vibration windows from the new site. The recalibration walks the
windows with fori_loop and accumulates the mean embedding norm as a sanity check.
"""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import fori_loop


class VibrationEncoder(nnx.Module):
    def __init__(self, channels, dim, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(channels, dim, kernel_size=(5,), rngs=rngs)
        self.norm = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, window):
        h = nnx.relu(self.norm(self.conv(window)))
        return h.mean(axis=-2)


def recalibrate_for_site(encoder: VibrationEncoder, windows):
    encoder.train()

    def absorb(i, norm_sum):
        emb = encoder(windows[i])
        return norm_sum + jnp.linalg.norm(emb, axis=-1).mean()

    norm_sum = fori_loop(0, windows.shape[0], absorb, jnp.zeros(()))
    encoder.eval()
    return norm_sum / windows.shape[0]


def main():
    windows = jax.random.normal(jax.random.key(0), (5, 4, 32, 3))
    encoder = VibrationEncoder(3, 8, rngs=nnx.Rngs(0))
    recalibrate_for_site(encoder, windows).block_until_ready()
    return None
