# label: ok
# flax-error: none
# class: 5 sample_reconstructions scans a jax.checkpoint-wrapped step whose closure captures the denoiser model; the keys are split from the base key before the loop and scanned as xs
"""OCR pre-processing: Monte-Carlo reconstructions of a degraded text-line profile."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LineDenoiser(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.down = nnx.Linear(width, 4, rngs=rngs)
        self.up = nnx.Linear(4, width, rngs=rngs)

    def __call__(self, profile):
        return self.up(nnx.tanh(self.down(profile)))


def sample_reconstructions(model, profile, key, n_samples, noise=0.2):
    @jax.checkpoint
    def step(carry, noise_key):
        degraded = profile + noise * jax.random.normal(noise_key, profile.shape)
        return carry, model(degraded)

    _, recons = jax.lax.scan(step, None, jax.random.split(key, n_samples))
    return recons


class DenoisingService:
    def __init__(self, width: int = 6, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, sample=seed + 7)
        self.model = LineDenoiser(width, self.rngs)

    def reconstruct(self, profile, n_samples=4):
        return sample_reconstructions(self.model, profile, self.rngs.sample(), n_samples)


def main():
    profile = jnp.array([0.0, 1.0, 1.0, 0.2, 0.9, 0.0])
    return DenoisingService().reconstruct(profile)
