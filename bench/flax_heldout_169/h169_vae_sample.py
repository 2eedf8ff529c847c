# label: same-values
# flax-error: none
# class: 1 the VAE's own sample method runs jax.lax.scan and calls self.make_rng('latent') in the body
"""Sampling a chain of latents from a small VAE with a raw lax.scan inside a module method.

Shape of the reports: "all my VAE samples are identical when I generate them in a scan".
`self.make_rng` inside a raw scan body is traced once, so every step draws the same key.
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
        def body(carry, _):
            z = jax.random.normal(self.make_rng('latent'), (self.latent,))
            return carry, (z, self.decode(z))

        _, (zs, images) = jax.lax.scan(body, 0, None, length=num_samples)
        return zs, images


def main():
    model = VAE()
    x = jnp.ones((1, 8))
    variables = model.init({'params': jax.random.key(0), 'latent': jax.random.key(1)}, x)
    recon, _, _ = model.apply(variables, x, rngs={'latent': jax.random.key(2)})
    zs, images = model.apply(variables, 6, rngs={'latent': jax.random.key(3)}, method=VAE.sample)
    return zs, images
