# label: same-values
# flax-error: none
# class: 5 make_sample_step returns a step function that closes over the decoder, its params and one key; the scan runs that step
"""Generating a batch of images from a trained VAE decoder by scanning a sampling step.

Modelled on questions where a factory builds the sampling step once (closing over the PRNG
key) and every generated sample is identical.
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
    def sample_step(carry, _):
        z = jax.random.normal(key, (LATENT,))
        image = decoder.apply({"params": params}, z)
        return carry, image

    return sample_step


def main():
    decoder = Decoder()
    params = decoder.init(jax.random.key(0), jnp.zeros((LATENT,)))["params"]
    step = make_sample_step(decoder, params, jax.random.key(42))
    _, images = jax.lax.scan(step, None, None, length=5)
    return images
