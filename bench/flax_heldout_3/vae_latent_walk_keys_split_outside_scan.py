# label: ok
# flax-error: none
# class: 5 VAE latent random walk: keys split before the scan and passed as xs to a decode method
"""Shape from flax examples/vae (encoder/decoder submodules, a `generate` method run with
apply(..., method=...)), extended to a latent random walk whose step keys arrive through xs."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    latents: int = 2

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16, name="fc1")(x))
        return nn.Dense(self.latents, name="mean")(h), nn.Dense(self.latents, name="logvar")(h)


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, z):
        return nn.sigmoid(nn.Dense(6, name="fc2")(nn.relu(nn.Dense(16, name="fc1")(z))))


class VAE(nn.Module):
    latents: int = 2

    def setup(self):
        self.encoder = Encoder(self.latents)
        self.decoder = Decoder()

    def __call__(self, x, z_rng):
        mean, logvar = self.encoder(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(z_rng, logvar.shape)
        return self.decoder(z), mean, logvar

    def latent_walk(self, z0, keys, step=0.3):
        def walk(z, key):
            z = z + step * jax.random.normal(key, z.shape)
            return z, self.decoder(z)

        _, frames = jax.lax.scan(walk, z0, keys)
        return frames


def main():
    model = VAE()
    x = jnp.ones((3, 6))
    variables = model.init(jax.random.PRNGKey(0), x, jax.random.PRNGKey(1))
    keys = jax.random.split(jax.random.PRNGKey(2), 8)
    frames = model.apply(variables, jnp.zeros((1, 2)), keys, method=VAE.latent_walk)
    return frames
