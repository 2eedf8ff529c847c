# label: same-values
# flax-error: none
# class: 4 PriorSampler.draw's while_loop body reaches the bound VAE through `self.vae.decoder` and draws the latent with `self.key`, the sampler's stored key
"""Draw images from a VAE prior until the buffer is full."""
import dataclasses

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import linen as nn

LATENT = 2
PIXELS = 6


class VAE(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(2 * LATENT)
        self.decoder = nn.Sequential([nn.Dense(8), nn.relu, nn.Dense(PIXELS), nn.sigmoid])

    def __call__(self, x):
        mu, logvar = jnp.split(self.encoder(x), 2, axis=-1)
        return self.decoder(mu), mu, logvar


@dataclasses.dataclass
class PriorSampler:
    vae: nn.Module
    key: jax.Array
    temperature: float = 1.0

    def draw(self, n):
        buf = jnp.zeros((n, PIXELS))

        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, buf = state
            z = self.temperature * jax.random.normal(self.key, (LATENT,))
            return i + 1, buf.at[i].set(self.vae.decoder(z))

        _, buf = lax.while_loop(cond, body, (0, buf))
        return buf


def main():
    model = VAE()
    variables = model.init(jax.random.key(0), jnp.zeros((1, PIXELS)))
    sampler = PriorSampler(vae=model.bind(variables), key=jax.random.key(5))
    images = sampler.draw(4)
    return images
