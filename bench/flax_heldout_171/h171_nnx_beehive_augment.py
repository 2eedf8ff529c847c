# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local nnx.Rngs in the enclosing augmentation function is drawn from (rngs.noise.normal) in the scan body
"""Beehive acoustic monitoring: noise-augmented embeddings of a swarming-alert clip for drift checks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HiveAudioEncoder(nnx.Module):
    def __init__(self, bins: int, rngs: nnx.Rngs):
        self.spectral = nnx.Linear(bins, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.embed = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, spectrum):
        return self.embed(nnx.gelu(self.norm(self.spectral(spectrum))))


def augmented_embeddings(encoder: HiveAudioEncoder, clip, copies: int, seed: int):
    rngs = nnx.Rngs(noise=seed)
    gain = jnp.linspace(0.9, 1.1, copies)

    def body(carry, g):
        jitter = rngs.noise.normal(clip.shape) * 0.05
        return carry, encoder(g * clip + jitter)

    _, embeddings = jax.lax.scan(body, None, gain)
    return embeddings


def main():
    encoder = HiveAudioEncoder(bins=20, rngs=nnx.Rngs(0))
    clip = jnp.abs(jax.random.normal(jax.random.key(31), (20,)))  # mel-band energies of a clip
    return augmented_embeddings(encoder, clip, copies=6, seed=3)
