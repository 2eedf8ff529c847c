# label: same-values
# flax-error: none
# class: 3 VAE generate() scans a step that calls a _draw_latent helper using self.make_rng('latent'); every step decodes the same latent
"""VAE from the flax examples/vae layout (Encoder, Decoder, reparameterize). A generate()
method was added that draws several samples with jax.lax.scan; the latent is drawn inside
a helper that calls self.make_rng."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    latents: int = 4

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16, name="fc1")(x))
        return nn.Dense(self.latents, name="mean")(x), nn.Dense(self.latents, name="logvar")(x)


class Decoder(nn.Module):
    @nn.compact
    def __call__(self, z):
        z = nn.relu(nn.Dense(16, name="fc1")(z))
        return nn.sigmoid(nn.Dense(12, name="fc2")(z))


class VAE(nn.Module):
    latents: int = 4

    def setup(self):
        self.encoder = Encoder(self.latents)
        self.decoder = Decoder()

    def __call__(self, x):
        mean, logvar = self.encoder(x)
        eps = jax.random.normal(self.make_rng("latent"), logvar.shape)
        z = mean + eps * jnp.exp(0.5 * logvar)
        return self.decoder(z), mean, logvar

    def _draw_latent(self, batch):
        return jax.random.normal(self.make_rng("latent"), (batch, self.latents))

    def generate(self, num_samples, batch=2):
        def step(carry, _):
            z = self._draw_latent(batch)
            return carry, self.decoder(z)

        _, images = jax.lax.scan(step, None, None, length=num_samples)
        return images


def main():
    model = VAE()
    x = jnp.ones((2, 12))
    variables = model.init({"params": jax.random.PRNGKey(0), "latent": jax.random.PRNGKey(1)}, x)
    images = model.apply(variables, 4, rngs={"latent": jax.random.PRNGKey(2)}, method=VAE.generate)
    return images
