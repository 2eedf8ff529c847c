# label: same-values
# flax-error: none
# class: 2 the model and the noise key, locals of robustness_sweep, go straight into the fori_loop body
"""Robustness of the cardiac-MRI ventricle segmenter to acquisition noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class VentricleSegmenter(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, width, (3, 3), padding="SAME", rngs=rngs)
        self.norm = nnx.GroupNorm(width, num_groups=2, rngs=rngs)
        self.head = nnx.Conv(width, 1, (1, 1), rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.conv(x))))[..., 0]


def robustness_sweep(model_seed: int, noise_seed: int, image, trials: int = 5, sigma: float = 0.15):
    model = VentricleSegmenter(4, rngs=nnx.Rngs(params=model_seed))
    rngs = nnx.Rngs(noise=noise_seed)
    noise_key = rngs.noise()
    foreground = jnp.zeros((trials,))

    def trial(i, acc):
        noisy = image + sigma * jax.random.normal(noise_key, image.shape)
        prob = jax.nn.sigmoid(model(noisy))
        return acc.at[i].set(jnp.mean(prob))

    return jax.lax.fori_loop(0, trials, trial, foreground)


def main():
    image = jax.random.normal(jax.random.key(53), (1, 8, 8, 1))
    return robustness_sweep(model_seed=0, noise_seed=7, image=image)
