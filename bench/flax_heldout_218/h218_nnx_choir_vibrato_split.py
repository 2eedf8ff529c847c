# label: ok
# flax-error: none
# class: 3 VibratoSampler.key (one key drawn from the nnx.Rngs 'vibrato' stream when the sampler is built) is split into per-sample keys that enter the scan as xs
"""Choir pitch tracking: sample plausible vibrato excursions around a tracked pitch contour."""
import jax
import jax.numpy as jnp
from flax import nnx


class VibratoModel(nnx.Module):
    def __init__(self, contour_len, rngs: nnx.Rngs):
        self.depth = nnx.Linear(contour_len, contour_len, rngs=rngs)
        self.scale = nnx.Param(jnp.asarray(0.3))

    def __call__(self, contour, key):
        wobble = jax.random.normal(key, contour.shape) * self.scale[...]
        return contour + jnp.tanh(self.depth(contour + wobble))


class VibratoSampler:
    def __init__(self, model: VibratoModel, rngs: nnx.Rngs, n_samples: int):
        self.model = model
        self.n_samples = n_samples
        self.key = rngs.vibrato()

    def sample(self, contour):
        def draw(carry, sample_key):
            return carry, self.model(contour, sample_key)

        _, samples = jax.lax.scan(draw, None, jax.random.split(self.key, self.n_samples))
        return samples


def main():
    rngs = nnx.Rngs(params=0, vibrato=7)
    contour = 220.0 * jnp.exp2(jnp.linspace(0.0, 1.0 / 12, 16)) / 220.0
    model = VibratoModel(contour.shape[0], rngs)
    sampler = VibratoSampler(model, rngs, n_samples=5)
    return sampler.sample(contour)
