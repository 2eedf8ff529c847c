# label: ok
# flax-error: none
# class: 2 a local nnx.Rngs in the enclosing augmentation function is drawn from once before the loop and split into per-copy keys fed to the scan as xs
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

    keys = jax.random.split(rngs.noise(), copies)

    def body(carry, xs):
        g, key = xs
        jitter = jax.random.normal(key, clip.shape) * 0.05
        return carry, encoder(g * clip + jitter)

    _, embeddings = jax.lax.scan(body, None, (gain, keys))
    return embeddings


def main():
    encoder = HiveAudioEncoder(bins=20, rngs=nnx.Rngs(0))
    clip = jnp.abs(jax.random.normal(jax.random.key(31), (20,)))  # mel-band energies of a clip
    return augmented_embeddings(encoder, clip, copies=6, seed=3)
