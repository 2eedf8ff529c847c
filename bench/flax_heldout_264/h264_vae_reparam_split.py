# label: ok
# flax-error: none
# class: 1 VAE.posterior_samples runs the scan itself; keys split once from the module's 'noise' stream before the loop are scanned as xs and handed to `self.reparameterize`
"""Posterior samples of a VAE with the reparameterisation trick."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax, random

LATENT = 3


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(8)(x))
        return nn.Dense(LATENT)(h), nn.Dense(LATENT)(h)


class Decoder(nn.Module):
    out: int = 4

    @nn.compact
    def __call__(self, z):
        return nn.sigmoid(nn.Dense(self.out)(nn.relu(nn.Dense(8)(z))))


class VAE(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = Decoder()

    def reparameterize(self, mu, logvar, key=None):
        std = jnp.exp(0.5 * logvar)
        if key is None:
            key = self.make_rng("noise")
        eps = random.normal(key, std.shape)
        return mu + std * eps

    def __call__(self, x):
        mu, logvar = self.encoder(x)
        return self.decoder(self.reparameterize(mu, logvar)), mu, logvar

    def posterior_samples(self, x, num_samples: int):
        mu, logvar = self.encoder(x)
        keys = random.split(self.make_rng("noise"), num_samples)

        def draw(_, key):
            z = self.reparameterize(mu, logvar, key)
            return None, self.decoder(z)

        _, samples = lax.scan(draw, None, keys)
        return samples


def main():
    x = jnp.full((1, 4), 0.3)
    vae = VAE()
    variables = vae.init({"params": random.key(0), "noise": random.key(1)}, x)
    samples = vae.apply(
        variables, x, 5, method=VAE.posterior_samples, rngs={"noise": random.key(2)}
    )
    return samples
