# label: ok
# flax-error: none
# class: 3 GaitAugmenter draws one key from its self.rngs.augment stream and splits it per clip before the scan; each step gets its own key as a scan input
"""Livestock health monitoring: lameness scores from accelerometer gait clips, with augmentation jitter per clip.

The augment key is split into one key per clip and the keys are scanned alongside the clips.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GaitEncoder(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(channels, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, clip):
        return nnx.sigmoid(self.score(nnx.gelu(self.conv(clip))).mean())


class GaitAugmenter:
    def __init__(self, model, seed=0, scale=0.05):
        self.model = model
        self.rngs = nnx.Rngs(augment=seed)
        self.scale = scale

    def augmented_scores(self, clips):
        keys = jax.random.split(self.rngs.augment(), clips.shape[0])

        def clip_step(flagged, inputs):
            clip, key = inputs
            jitter = self.scale * jax.random.normal(key, clip.shape)
            lameness = self.model(clip + jitter)
            return flagged + (lameness > 0.5), jitter[0]

        _, jitters = scan(clip_step, jnp.zeros((), jnp.int32), (clips, keys))
        return jitters


def main():
    clips = jax.random.normal(jax.random.key(0), (6, 32, 3))  # clips, samples, (ax, ay, az)
    augmenter = GaitAugmenter(GaitEncoder(3, rngs=nnx.Rngs(1)), seed=2)
    return augmenter.augmented_scores(clips)
