# label: same-values
# flax-error: none
# class: 2 augment_hides draws one key from the model's nnx.Rngs 'grain' stream into a local before the scan, and the body uses that local for every sample
"""Saddlery: synthetic grain-defect augmentation for leather hide scans, used to build the
training set of a hide-grading model; each scan step is one augmented copy."""
import jax
import jax.numpy as jnp
from flax import nnx


class GrainAugmenter(nnx.Module):
    def __init__(self, n_pixels, rngs: nnx.Rngs):
        self.texture = nnx.Linear(n_pixels, n_pixels, rngs=rngs)
        self.rngs = rngs

    def perturb(self, hide, key, strength=0.1):
        noise = jax.random.normal(key, hide.shape)
        return hide + strength * jnp.tanh(self.texture(noise))


def augment_hides(augmenter: GrainAugmenter, hide, copies):
    key = augmenter.rngs.grain()

    def body(count, _):
        sample = augmenter.perturb(hide, key)
        return count + 1, sample

    _, samples = jax.lax.scan(body, 0, None, length=copies)
    return samples


def main():
    hide = jnp.linspace(0.0, 1.0, 16)  # one flattened 4x4 patch of a hide scan
    augmenter = GrainAugmenter(16, nnx.Rngs(params=0, grain=1))
    return augment_hides(augmenter, hide, copies=5)  # (copy, pixel)
