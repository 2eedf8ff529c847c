# label: same-values
# flax-error: none
# class: 1 the VAE's own generate method draws one key from self.rngs before the scan and uses it in the body
"""Generating samples from an NNX VAE's prior with a raw jax.lax.scan.

Calling self.rngs.sample() inside the scan body is rejected by NNX, so generate() draws
the key before the loop and the body samples each latent from it."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class VAE(nnx.Module):
    def __init__(self, din, latent, rngs: nnx.Rngs):
        self.latent = latent
        self.enc = nnx.Linear(din, 2 * latent, rngs=rngs)
        self.dec1 = nnx.Linear(latent, 32, rngs=rngs)
        self.dec2 = nnx.Linear(32, din, rngs=rngs)
        self.rngs = rngs

    def encode(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        return mu, logvar

    def decode(self, z):
        return jax.nn.sigmoid(self.dec2(nnx.relu(self.dec1(z))))

    def generate(self, n):
        key = self.rngs.sample()

        def body(carry, _):
            z = jax.random.normal(key, (self.latent,))
            return carry, self.decode(z)

        _, samples = scan(body, None, None, length=n)
        return samples


def main():
    vae = VAE(12, 3, nnx.Rngs(params=0, sample=1))
    samples = vae.generate(6)
    print("pixel mean per sample", samples.mean(-1))
    return samples
