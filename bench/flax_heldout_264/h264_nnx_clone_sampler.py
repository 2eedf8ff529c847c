# label: same-values
# flax-error: none
# class: 2 `vae`, a local of `sample_images`, goes into the fori_loop body, which samples from `nnx.clone(vae)` and its copy of the 'noise' Rngs stream at every step
"""Fill a buffer of VAE prior samples; the loop works on a copy of the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

LATENT = 3
PIXELS = 4


class VAEDecoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dec1 = nnx.Linear(LATENT, 8, rngs=rngs)
        self.dec2 = nnx.Linear(8, PIXELS, rngs=rngs)
        self.rngs = rngs

    def decode(self, z):
        return nnx.sigmoid(self.dec2(nnx.relu(self.dec1(z))))

    def sample(self, temperature=1.0):
        z = temperature * jax.random.normal(self.rngs.noise(), (LATENT,))
        return self.decode(z)


def sample_images(vae, n, temperature=0.8):
    def body(i, images):
        model = nnx.clone(vae)
        return images.at[i].set(model.sample(temperature))

    return fori_loop(0, n, body, jnp.zeros((n, PIXELS)))


def main():
    vae = VAEDecoder(nnx.Rngs(params=0, noise=2))
    return sample_images(vae, 5)
