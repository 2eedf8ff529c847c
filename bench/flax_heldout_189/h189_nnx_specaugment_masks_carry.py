# label: ok
# flax-error: none
# class: 2 the enclosing function splits the local SpecAugment module; its state is the scan carry, merged as a copy in the body, and the body hands back nnx.state of the merged copy with the advanced rng counts
"""Speech-recognition data pipeline: draws several SpecAugment-style masks for one utterance
so the data-quality dashboard can show how much of the spectrogram each policy hides."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

MEL_BINS = 20
FRAMES = 30


class SpecAugment(nnx.Module):
    def __init__(self, freq_rate, time_rate, rngs: nnx.Rngs):
        self.freq_drop = nnx.Dropout(freq_rate, broadcast_dims=(0,), rngs=rngs)
        self.time_drop = nnx.Dropout(time_rate, broadcast_dims=(1,), rngs=rngs)

    def __call__(self, spec):
        return self.time_drop(self.freq_drop(spec))


def preview_masks(spec, draws, seed):
    augment = SpecAugment(0.15, 0.1, nnx.Rngs(dropout=seed))
    graphdef, state = nnx.split(augment)

    def draw(state, _):
        augment = nnx.merge(graphdef, state, copy=True)
        masked = augment(spec)
        return nnx.state(augment), (masked == 0).astype(jnp.float32)

    _, masks = scan(draw, state, None, length=draws)
    return masks


def main():
    spec = jnp.abs(jax.random.normal(jax.random.PRNGKey(0), (FRAMES, MEL_BINS))) + 0.1
    return preview_masks(spec, draws=6, seed=21)
