# label: ok
# flax-error: none
# class: 1 VAE.posterior_samples runs the scan itself; one self.make_rng('latent') key is folded with the step index in the body
"""Drawing several posterior samples from a VAE with the reparameterisation trick.

The module takes one key from `self.make_rng` before the loop and folds the scan index into it,
so every step draws a fresh epsilon.
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
        base_key = self.make_rng("latent")

        def draw(carry, i):
            eps = jax.random.normal(jax.random.fold_in(base_key, i), mean.shape)
            z = self.reparameterize(mean, logvar, eps)
            return carry, z

        _, zs = lax.scan(draw, None, jnp.arange(n))
        return zs


def main():
    model = VAE()
    x = jnp.linspace(-1.0, 1.0, 10).reshape(2, 5)
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    zs = model.apply(
        variables, x, 4, method=VAE.posterior_samples, rngs={"latent": jax.random.key(2)}
    )
    return zs
