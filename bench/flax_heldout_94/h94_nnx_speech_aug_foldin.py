# label: ok
# flax-error: none
# class: 4 an nnx.Rngs is rebuilt inside the jax.lax.scan body from the key folded in with the utterance index
"""Same augmentation scan; the utterance index goes in as xs and the per-step nnx.Rngs is built
from jax.random.fold_in(key, index)."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoiseAugment(nnx.Module):
    def __init__(self, snr_db: float = 5.0):
        self.scale = 10 ** (-snr_db / 20)

    def __call__(self, clean, rngs: nnx.Rngs):
        return clean + self.scale * jax.random.normal(rngs.noise(), clean.shape)


def main():
    aug = NoiseAugment()
    key = nnx.Rngs(noise=0).noise()
    utterances = jnp.ones((4, 2, 16))

    def corrupt(_, inp):
        i, clean = inp
        rngs = nnx.Rngs(noise=jax.random.fold_in(key, i))
        noisy = aug(clean, rngs)
        return None, noisy - clean

    _, noise = jax.lax.scan(corrupt, None, (jnp.arange(utterances.shape[0]), utterances))
    return noise
