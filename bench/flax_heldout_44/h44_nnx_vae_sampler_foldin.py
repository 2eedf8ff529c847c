# label: ok
# flax-error: none
# class: 3 a LatentSampler draws one key from the nnx.Rngs 'sample' stream in __init__; the scan body folds the round index into self.key before sampling
"""VAE latent sampler: decode several rounds of prior samples with an NNX decoder."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, latent_dim, out_dim, rngs: nnx.Rngs):
        self.latent_dim = latent_dim
        self.fc = nnx.Linear(latent_dim, 16, rngs=rngs)
        self.out = nnx.Linear(16, out_dim, rngs=rngs)

    def __call__(self, z):
        return nnx.sigmoid(self.out(nnx.relu(self.fc(z))))


class LatentSampler:
    def __init__(self, decoder: Decoder, rngs: nnx.Rngs):
        self.decoder = decoder
        self.key = rngs.sample()

    def draw(self, batch, round_idx):
        key = jax.random.fold_in(self.key, round_idx)
        z = jax.random.normal(key, (batch, self.decoder.latent_dim))
        return self.decoder(z), z

    def rounds(self, n, batch=3):
        def body(carry, round_idx):
            images, z = self.draw(batch, round_idx)
            return carry + images.mean(), z

        _, zs = scan(body, jnp.float32(0.0), jnp.arange(n))
        return zs


def main():
    rngs = nnx.Rngs(params=0, sample=11)
    sampler = LatentSampler(Decoder(2, 6, rngs), rngs)
    return sampler.rounds(4)
