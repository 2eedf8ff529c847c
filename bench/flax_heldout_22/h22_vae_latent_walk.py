# label: same-values
# flax-error: none
# class: 2 body calls self.sample_latent, which draws from self.make_rng("noise")
# modelled on: google/flax examples/vae (reparameterize / generate) and google/flax#4950 Flax scan split_rng does not work when called in functional form
"""Latent random walk through a trained VAE's prior, decoded frame by frame."""

import jax
import jax.numpy as jnp
from flax import linen as nn

LATENTS = 4
FEATURES = 12
NUM_FRAMES = 6


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16, name="fc1")(x))
        return nn.Dense(LATENTS, name="fc2_mean")(x), nn.Dense(LATENTS, name="fc2_logvar")(x)


class VAE(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = nn.Dense(FEATURES, name="decoder")

    def __call__(self, x):
        mean, logvar = self.encoder(x)
        z = self.sample_latent(mean, logvar)
        return nn.sigmoid(self.decoder(z)), mean, logvar

    def sample_latent(self, mean, logvar):
        std = jnp.exp(0.5 * logvar)
        eps = jax.random.normal(self.make_rng("noise"), logvar.shape)
        return mean + eps * std

    def latent_walk(self, x, step_size):
        mean, logvar = self.encoder(x)

        def walk(z, _):
            delta = self.sample_latent(jnp.zeros_like(z), logvar) * step_size
            z = z + delta
            return z, (delta, nn.sigmoid(self.decoder(z)))

        _, (deltas, frames) = jax.lax.scan(walk, mean, None, length=NUM_FRAMES)
        return deltas, frames


def main():
    model = VAE()
    x = jax.random.uniform(jax.random.key(0), (2, FEATURES))
    variables = model.init({"params": jax.random.key(1), "noise": jax.random.key(2)}, x)
    deltas, frames = model.apply(
        variables, x, 0.1, method=VAE.latent_walk, rngs={"noise": jax.random.key(3)}
    )
    frames.block_until_ready()
    return deltas
