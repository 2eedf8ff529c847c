# label: ok
# flax-error: none
# class: 1 the VAE's own sample method draws one key with self.make_rng before jax.lax.scan and scans over its splits
"""Sampling a chain of latents from a small VAE with a raw lax.scan inside a module method.

The fix from the forum thread: draw one key with `self.make_rng` outside the loop, split it
into one key per step and hand the keys to the scan as xs.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class VAE(nn.Module):
    latent: int = 4
    features: int = 8

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec_hidden = nn.Dense(16)
        self.dec_out = nn.Dense(self.features)

    def decode(self, z):
        return nn.sigmoid(self.dec_out(nn.relu(self.dec_hidden(z))))

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        eps = jax.random.normal(self.make_rng('latent'), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return self.decode(z), mu, logvar

    def sample(self, num_samples):
        keys = jax.random.split(self.make_rng('latent'), num_samples)

        def body(carry, key):
            z = jax.random.normal(key, (self.latent,))
            return carry, (z, self.decode(z))

        _, (zs, images) = jax.lax.scan(body, 0, keys)
        return zs, images


def main():
    model = VAE()
    x = jnp.ones((1, 8))
    variables = model.init({'params': jax.random.key(0), 'latent': jax.random.key(1)}, x)
    recon, _, _ = model.apply(variables, x, rngs={'latent': jax.random.key(2)})
    zs, images = model.apply(variables, 6, rngs={'latent': jax.random.key(3)}, method=VAE.sample)
    return zs, images
