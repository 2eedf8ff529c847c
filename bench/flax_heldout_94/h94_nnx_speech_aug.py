# label: same-values
# flax-error: none
# class: 4 an nnx.Rngs is rebuilt inside the jax.lax.scan body from a key made before the loop
"""Speech enhancement training data: clean frames are corrupted on the fly with noise inside a
jax.lax.scan over utterances. To avoid mutating the outer Rngs inside the loop, the user builds
a fresh nnx.Rngs from a fixed key in the body."""
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

    def corrupt(_, clean):
        rngs = nnx.Rngs(noise=key)
        noisy = aug(clean, rngs)
        return None, noisy - clean

    _, noise = jax.lax.scan(corrupt, None, utterances)
    return noise
