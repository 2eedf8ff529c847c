# label: same-values
# flax-error: none
# class: 2 an AugmentService object keeps an integer seed and builds a fresh nnx.Rngs from it inside a jax.checkpoint-wrapped scan body
"""Wake-word training data service: add background-noise augmentation to each streamed frame."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoiseAugment(nnx.Module):
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, frame, rngs: nnx.Rngs):
        return self.scale * jax.random.normal(rngs.augment(), frame.shape)


class AugmentService:
    def __init__(self, augment, seed):
        self.augment = augment
        self.seed = seed

    def stream_noise(self, frames):
        @jax.checkpoint
        def on_frame(carry, frame):
            noise = self.augment(frame, nnx.Rngs(augment=self.seed))
            return carry, noise

        _, noise = jax.lax.scan(on_frame, None, frames)
        return noise


def main():
    service = AugmentService(NoiseAugment(0.1), seed=2024)
    return service.stream_noise(jnp.zeros((12, 40)))
