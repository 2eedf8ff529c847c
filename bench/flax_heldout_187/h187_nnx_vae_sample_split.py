# label: ok
# flax-error: none
# class: 2 one key drawn from the nnx.Rngs local to main enters the scan as the carry and is split on every step
"""Drawing samples from the prior of a small VAE: one latent per step, decoded with
the VAE's decoder, written as a lax.scan over the number of samples."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class VAE(nnx.Module):
    def __init__(self, data_dim, latent_dim, rngs: nnx.Rngs):
        self.latent_dim = latent_dim
        self.enc = nnx.Linear(data_dim, 2 * latent_dim, rngs=rngs)
        self.dec1 = nnx.Linear(latent_dim, 32, rngs=rngs)
        self.dec2 = nnx.Linear(32, data_dim, rngs=rngs)

    def encode(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        return mu, logvar

    def decode(self, z):
        return nnx.sigmoid(self.dec2(nnx.relu(self.dec1(z))))


def main():
    vae = VAE(data_dim=10, latent_dim=3, rngs=nnx.Rngs(params=0))
    rngs = nnx.Rngs(sample=42)

    def draw(key, _):
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (vae.latent_dim,))
        return key, vae.decode(z)

    _, samples = lax.scan(draw, rngs.sample(), None, length=6)
    return samples
