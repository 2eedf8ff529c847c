# label: ok
# flax-error: none
# class: 5 a decorator-registered factory returns a step function that folds the scan step into the noise key before module.apply
"""Keyword spotting: training-time augmentations are registered by name; the
'background-noise' augmentation is a small Linen module with a learned per-band noise scale,
calibrated on a run of silence frames."""
import jax
import jax.numpy as jnp
from flax import linen as nn

AUGMENTATIONS = {}


def register_augmentation(name):
    def decorator(factory):
        AUGMENTATIONS[name] = factory
        return factory

    return decorator


class BackgroundNoise(nn.Module):
    @nn.compact
    def __call__(self, spectrogram):
        scale = self.param("band_scale", nn.initializers.constant(0.1), (spectrogram.shape[-1],))
        noise = jax.random.normal(self.make_rng("noise"), spectrogram.shape)
        return spectrogram + scale * noise


@register_augmentation("background-noise")
def background_noise(variables, key):
    module = BackgroundNoise()

    def augment(frame, step):
        return module.apply(variables, frame, rngs={"noise": jax.random.fold_in(key, step)})

    return augment


def augment_epoch(name, variables, key, frames):
    augment = AUGMENTATIONS[name](variables, key)

    def body(carry, inputs):
        frame, step = inputs
        return carry, augment(frame, step)

    _, augmented = jax.lax.scan(body, None, (frames, jnp.arange(frames.shape[0])))
    return augmented


def main():
    silence = jnp.zeros((6, 20, 10))  # six frames of 20 steps x 10 mel bands
    variables = BackgroundNoise().init(
        {"params": jax.random.key(0), "noise": jax.random.key(1)}, silence[0])
    return augment_epoch("background-noise", variables, jax.random.key(9), silence)
