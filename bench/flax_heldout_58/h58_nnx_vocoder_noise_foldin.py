# label: ok
# flax-error: none
# class: 3 NNX vocoder __call__ draws one noise key from self.rngs; the raw lax.scan closure folds in the frame index each frame
"""Noise-excited neural vocoder (NNX, source-filter toy): per-frame excitation noise."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class NoiseExcitedVocoder(nnx.Module):
    def __init__(self, n_mels=10, hop=8, *, rngs: nnx.Rngs):
        self.filt = nnx.Linear(n_mels, hop, rngs=rngs)
        self.hop = hop
        self.rngs = rngs

    def __call__(self, mel):
        noise_key = self.rngs.noise()

        def frame(prev, inp):
            t, m = inp
            excitation = jax.random.normal(jax.random.fold_in(noise_key, t), (self.hop,))
            wav = jnp.tanh(self.filt(m)) * excitation + 0.5 * prev
            return wav, excitation

        _, excitations = lax.scan(frame, jnp.zeros((self.hop,)), (jnp.arange(mel.shape[0]), mel))
        return excitations


def main():
    voc = NoiseExcitedVocoder(rngs=nnx.Rngs(params=0, noise=1))
    mel = jax.random.normal(jax.random.key(2), (5, 10))
    return voc(mel)
