# label: ok
# flax-error: none
# class: 5 make_sample_step returns a step function that closes over the decoder, its params and one key, folded with the scan index
"""Generating a batch of images from a trained VAE decoder by scanning a sampling step.

The step built by the factory folds the sample index into its key, so each scanned step
decodes a different latent.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

LATENT = 4


class Decoder(nn.Module):
    out_dim: int = 9

    @nn.compact
    def __call__(self, z):
        h = nn.relu(nn.Dense(32)(z))
        return nn.sigmoid(nn.Dense(self.out_dim)(h))


def make_sample_step(decoder, params, key):
    def sample_step(carry, index):
        z = jax.random.normal(jax.random.fold_in(key, index), (LATENT,))
        image = decoder.apply({"params": params}, z)
        return carry, image

    return sample_step


def main():
    decoder = Decoder()
    params = decoder.init(jax.random.key(0), jnp.zeros((LATENT,)))["params"]
    step = make_sample_step(decoder, params, jax.random.key(42))
    _, images = jax.lax.scan(step, None, jnp.arange(5))
    return images
