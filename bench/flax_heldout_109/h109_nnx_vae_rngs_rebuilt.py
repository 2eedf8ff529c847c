# label: same-values
# flax-error: none
# class: 2 the scan body rebuilds nnx.Rngs(latent=seed) from a seed local to main() on every step and hands it to vae.sample
"""Generate a batch of samples from an NNX VAE decoder one at a time with a raw lax.scan,
building the Rngs for each sample inside the loop body."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

LATENT, DATA = 2, 6


class VAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(DATA, 2 * LATENT, rngs=rngs)
        self.dec_hidden = nnx.Linear(LATENT, 16, rngs=rngs)
        self.dec_out = nnx.Linear(16, DATA, rngs=rngs)

    def encode(self, x):
        return jnp.split(self.enc(x), 2, axis=-1)

    def decode(self, z):
        return nnx.sigmoid(self.dec_out(nnx.relu(self.dec_hidden(z))))

    def sample(self, rngs: nnx.Rngs):
        z = jax.random.normal(rngs.latent(), (LATENT,))
        return self.decode(z)


def main():
    vae = VAE(nnx.Rngs(0))
    seed = 42

    def body(carry, _):
        rngs = nnx.Rngs(latent=seed)
        return carry, vae.sample(rngs)

    _, samples = scan(body, None, None, length=6)
    return samples
