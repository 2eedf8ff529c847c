# label: ok
# flax-error: none
# class: 1 VAE.sample runs the scan itself; the latent key is self.make_rng("latent") folded with the scanned step index
"""Drawing images from the prior of a small VAE, one latent per scan step.

Each step should decode a fresh latent from the prior."""
import jax
import jax.numpy as jnp
from flax import linen as nn

LATENT = 4
PIXELS = 16


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        return nn.Dense(LATENT)(h), nn.Dense(LATENT)(h)


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, z):
        h = nn.relu(nn.Dense(32)(z))
        return nn.sigmoid(nn.Dense(PIXELS)(h))


class VAE(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = Decoder()

    def __call__(self, x):
        mean, logvar = self.encoder(x)
        eps = jax.random.normal(self.make_rng("latent"), mean.shape)
        z = mean + jnp.exp(0.5 * logvar) * eps
        return self.decoder(z), mean, logvar

    def sample(self, num_samples):
        def body(carry, step):
            key = jax.random.fold_in(self.make_rng("latent"), step)
            z = jax.random.normal(key, (LATENT,))
            return carry, self.decoder(z)

        _, images = jax.lax.scan(body, None, jnp.arange(num_samples))
        return images


def main():
    model = VAE()
    x = jnp.ones((1, PIXELS))
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    images = model.apply(variables, 6, method=VAE.sample, rngs={"latent": jax.random.key(2)})
    return images


if __name__ == "__main__":
    print(main())
