# label: ok
# flax-error: none
# class: 1 NoiseAugmenter.__call__ runs fori_loop itself; one self.make_rng("augment") key is drawn before the loop and folded with the copy index in the body
"""Keyword-spotting data pipeline: makes noisy copies of a wake-word clip for training."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class NoiseAugmenter(nn.Module):
    n_copies: int = 6
    snr_db: float = 10.0

    @nn.compact
    def __call__(self, clip):
        mel_proj = nn.Dense(clip.shape[-1], use_bias=False, name="mel_proj")
        clean = mel_proj(clip)
        noise_scale = jnp.sqrt(jnp.mean(clean ** 2) / 10 ** (self.snr_db / 10))
        base_key = self.make_rng("augment")

        def copy(i, out):
            key = jax.random.fold_in(base_key, i)
            gain_key, noise_key = jax.random.split(key)
            gain = jax.random.uniform(gain_key, (), minval=0.7, maxval=1.3)
            noisy = gain * clean + noise_scale * jax.random.normal(noise_key, clean.shape)
            return out.at[i].set(noisy)

        return lax.fori_loop(0, self.n_copies, copy, jnp.zeros((self.n_copies,) + clean.shape))


def main():
    augmenter = NoiseAugmenter()
    clip = jax.random.normal(jax.random.key(0), (30, 20))  # frames x mel bins
    variables = augmenter.init({"params": jax.random.key(1), "augment": jax.random.key(2)}, clip)
    copies = augmenter.apply(variables, clip, rngs={"augment": jax.random.key(3)})
    return copies
