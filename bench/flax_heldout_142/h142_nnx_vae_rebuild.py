# label: same-values
# flax-error: none
# class: 2 the fori_loop body closes over the local vae and builds nnx.Rngs(sample=seed) from the same local seed every step
"""Sampling images from the prior of an NNX VAE decoder in a fori_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

LAT, OUT = 4, 10


class VAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(OUT, 2 * LAT, rngs=rngs)
        self.dec1 = nnx.Linear(LAT, 16, rngs=rngs)
        self.dec2 = nnx.Linear(16, OUT, rngs=rngs)

    def encode(self, x):
        return jnp.split(self.enc(x), 2, axis=-1)

    def decode(self, z):
        return nnx.sigmoid(self.dec2(nnx.relu(self.dec1(z))))


def main():
    vae = VAE(nnx.Rngs(0))
    seed = 123
    n = 6

    def body(i, buf):
        rngs = nnx.Rngs(sample=seed)
        z = jax.random.normal(rngs.sample(), (LAT,))
        return buf.at[i].set(vae.decode(z))

    samples = jax.lax.fori_loop(0, n, body, jnp.zeros((n, OUT)))
    return samples
