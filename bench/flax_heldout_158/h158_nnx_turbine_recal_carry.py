# label: ok
# flax-error: none
# class: 2 recalibrate_for_site() takes the vibration encoder as a local, splits it and carries its state through fori_loop, merging it in the body and updating the encoder afterwards
"""Wind-turbine condition monitoring: recalibrating a vibration encoder for a new site.

Before an encoder trained on one wind farm is deployed on another, its BatchNorm statistics are
re-estimated on unlabelled vibration windows from the new site. The recalibration walks the
windows with fori_loop, carrying the encoder state, and accumulates the mean embedding norm as
a sanity check.
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
    graphdef, state = nnx.split(encoder)

    def absorb(i, carry):
        norm_sum, state = carry
        model = nnx.merge(graphdef, state)
        emb = model(windows[i])
        return norm_sum + jnp.linalg.norm(emb, axis=-1).mean(), nnx.state(model)

    norm_sum, state = fori_loop(0, windows.shape[0], absorb, (jnp.zeros(()), state))
    nnx.update(encoder, state)
    encoder.eval()
    return norm_sum / windows.shape[0]


def main():
    windows = jax.random.normal(jax.random.key(0), (5, 4, 32, 3))
    encoder = VibrationEncoder(3, 8, rngs=nnx.Rngs(0))
    recalibrate_for_site(encoder, windows).block_until_ready()
    return None
