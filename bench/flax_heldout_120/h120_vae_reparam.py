# label: same-values
# flax-error: none
# class: 1 VAE.posterior_samples runs the scan itself and calls self.make_rng('latent') in the body
"""Drawing several posterior samples from a VAE with the reparameterisation trick.

Shape of a common forum question: a VAE method loops with lax.scan to draw `n` samples of z,
calling `self.make_rng` inside the body, and every sample comes out the same.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

LATENT = 3


class VAE(nn.Module):
    latent: int = LATENT

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec = nn.Dense(5)

    def encode(self, x):
        stats = self.enc(x)
        return stats[..., : self.latent], stats[..., self.latent :]

    def reparameterize(self, mean, logvar, eps):
        return mean + jnp.exp(0.5 * logvar) * eps

    def __call__(self, x):
        mean, logvar = self.encode(x)
        eps = jax.random.normal(self.make_rng("latent"), mean.shape)
        return self.dec(self.reparameterize(mean, logvar, eps)), mean, logvar

    def posterior_samples(self, x, n):
        mean, logvar = self.encode(x)

        def draw(carry, _):
            eps = jax.random.normal(self.make_rng("latent"), mean.shape)
            z = self.reparameterize(mean, logvar, eps)
            return carry, z

        _, zs = lax.scan(draw, None, None, length=n)
        return zs


def main():
    model = VAE()
    x = jnp.linspace(-1.0, 1.0, 10).reshape(2, 5)
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    zs = model.apply(
        variables, x, 4, method=VAE.posterior_samples, rngs={"latent": jax.random.key(2)}
    )
    return zs
