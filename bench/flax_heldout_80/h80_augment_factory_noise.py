# label: same-values
# flax-error: none
# class: 4 an augmentation step returned by a factory that closed over model.apply, its variables and one 'augment' key, run in a fori_loop body
"""Augmentation factory: produce a buffer of noise fields, one per step, for a denoising curriculum."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GaussianAugment(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        scale = self.param("log_scale", nn.initializers.zeros, ())
        return self.sigma * jnp.exp(scale) * jax.random.normal(self.make_rng("augment"), x.shape)


def make_augment_step(model, variables, key):
    apply = jax.tree_util.Partial(model.apply, variables)

    def step(x):
        return apply(x, rngs={"augment": key})
    return step


def noise_curriculum(step_fn, x, n_steps):
    buf = jnp.zeros((n_steps,) + x.shape)

    def body(i, buf):
        return buf.at[i].set(step_fn(x))

    return jax.lax.fori_loop(0, n_steps, body, buf)


def main():
    model = GaussianAugment(sigma=0.2)
    x = jnp.zeros((10,))
    root = jax.random.key(7)
    init_key, aug_key = jax.random.split(root)
    variables = model.init({"params": init_key, "augment": init_key}, x)
    step = make_augment_step(model, variables, aug_key)
    return noise_curriculum(step, x, n_steps=5)
