# label: same-values
# flax-error: none
# class: 4 the raw fori_loop body builds nnx.Rngs(sample=0) itself and passes it to the VAE's sampling call, the same seed every iteration
"""Haiku VAE port: hk.next_rng_key() in the sampling code became an nnx.Rngs passed to the call."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
LATENT = 4


class VAE(nnx.Module):
    def __init__(self, din: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 2 * LATENT, rngs=rngs)
        self.dec = nnx.Linear(LATENT, din, rngs=rngs)

    def encode(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        return mu, logvar

    def reparameterize(self, mu, logvar, *, rngs: nnx.Rngs):
        eps = jax.random.normal(rngs.sample(), mu.shape)
        return mu + jnp.exp(0.5 * logvar) * eps

    def decode(self, z):
        return nnx.sigmoid(self.dec(z))


def posterior_samples(model, x, num_samples):
    mu, logvar = model.encode(x)
    zs = jnp.zeros((num_samples,) + mu.shape)

    def body(i, zs):
        rngs = nnx.Rngs(sample=0)
        z = model.reparameterize(mu, logvar, rngs=rngs)
        return zs.at[i].set(z)

    return lax.fori_loop(0, num_samples, body, zs)


def main():
    model = VAE(12, rngs=nnx.Rngs(0))
    x = jax.random.uniform(jax.random.PRNGKey(0), (5, 12))
    return posterior_samples(model, x, num_samples=6)
