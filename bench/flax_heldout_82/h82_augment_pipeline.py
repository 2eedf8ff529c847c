# label: same-values
# flax-error: none
# class: 2 augmentation object stores one PRNG key at construction and passes it as the rngs of every per-step apply in the scan
"""Per-step data augmentation: a small Linen module draws a cutout mask and additive noise."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class NoiseAndCutout(nn.Module):
    rate: float = 0.3
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        key = self.make_rng("augment")
        k_mask, k_noise = jax.random.split(key)
        keep = jax.random.bernoulli(k_mask, 1.0 - self.rate, x.shape)
        noise = self.sigma * jax.random.normal(k_noise, x.shape)
        return keep.astype(x.dtype), noise


class Augmenter:
    def __init__(self, seed: int):
        self.module = NoiseAndCutout()
        self.key = jax.random.PRNGKey(seed)

    def __call__(self, batch):
        return self.module.apply({}, batch, rngs={"augment": self.key})


class Pipeline:
    def __init__(self, augmenter):
        self.augmenter = augmenter

    def run(self, batches):
        def step(count, batch):
            mask, noise = self.augmenter(batch)
            return count + 1, (mask, noise)

        _, (masks, noises) = scan(step, 0, batches)
        return masks, noises


def main():
    batches = jnp.ones((4, 2, 6))
    pipeline = Pipeline(Augmenter(seed=3))
    masks, noises = pipeline.run(batches)
    return {"mask": masks, "noise": noises}
