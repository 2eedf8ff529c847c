# label: ok
# flax-error: none
# class: 1 SpecAugmentEncoder.__call__ runs the scan over frames itself; one self.make_rng('specaug') key taken before the loop is folded with the frame index in the body
"""Speech front end: SpecAugment-style frame masking before a projection, as in ASR training."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class SpecAugmentEncoder(nn.Module):
    features: int = 6
    mask_rate: float = 0.3

    def setup(self):
        self.proj = nn.Dense(self.features)

    def __call__(self, frames):
        base_key = self.make_rng("specaug")

        def frame_step(kept, inputs):
            t, frame = inputs
            key = jax.random.fold_in(base_key, t)
            keep = jax.random.bernoulli(key, 1.0 - self.mask_rate, frame.shape)
            return kept + jnp.sum(keep), keep.astype(jnp.float32)

        _, masks = scan(frame_step, jnp.int32(0), (jnp.arange(frames.shape[0]), frames))
        encoded = self.proj(frames * masks)
        return encoded, masks


def main():
    model = SpecAugmentEncoder()
    frames = jax.random.normal(jax.random.key(0), (8, 12))
    rngs = {"params": jax.random.key(1), "specaug": jax.random.key(2)}
    variables = model.init(rngs, frames)
    _, masks = model.apply(variables, frames, rngs={"specaug": jax.random.key(3)})
    return masks
