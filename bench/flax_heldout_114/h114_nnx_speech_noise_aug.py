# label: same-values
# flax-error: none
# class: 1 the augmenter's own method runs a fori_loop whose body reads its noise-key Variable (self.noise_key) at every iteration
"""Speech enhancement data augmentation with NNX: an augmenter module mixes background noise into
a clean spectrogram at an SNR chosen by a small learned controller, producing several noisy
copies with a jax.lax.fori_loop inside its own method. The noise key is kept in an nnx.Variable
so that it is saved with the module.

Modelled on "noise augmentation returns identical copies" reports where a stored key is read in
every iteration without being split or folded."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_FREQ = 8
N_FRAMES = 5
N_COPIES = 4


class NoiseAugmenter(nnx.Module):
    def __init__(self, key, rngs: nnx.Rngs):
        self.noise_key = nnx.Variable(key)
        self.snr_controller = nnx.Linear(N_FREQ, 1, rngs=rngs)

    def augment_many(self, clean):
        out = jnp.zeros((N_COPIES,) + clean.shape)

        def body(i, out):
            noise = jax.random.normal(self.noise_key[...], clean.shape)
            snr_db = 10.0 + 5.0 * jnp.tanh(self.snr_controller(clean.mean(0)))[0]
            scale = jnp.sqrt(jnp.mean(clean**2) / 10 ** (snr_db / 10))
            return out.at[i].set(clean + scale * noise)

        return jax.lax.fori_loop(0, N_COPIES, body, out)


def main():
    clean = jnp.abs(jax.random.normal(jax.random.key(0), (N_FRAMES, N_FREQ)))
    augmenter = NoiseAugmenter(jax.random.key(1), nnx.Rngs(2))
    noisy = augmenter.augment_many(clean)
    print("noisy copies", noisy.shape)
    return noisy  # one augmented copy per iteration
