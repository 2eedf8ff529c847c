# label: ok
# flax-error: none
# class: 1 VAE.sample_latents takes one make_rng key before its lax.scan and folds the step index in inside the body
"""Draw several latent samples per input from a small VAE encoder (posterior spread check)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        mu = nn.Dense(self.latent)(h)
        logvar = nn.Dense(self.latent)(h)
        return mu, logvar


class VAE(nn.Module):
    latent: int = 4

    def setup(self):
        self.encoder = Encoder(self.latent)
        self.decoder = nn.Dense(16)

    def __call__(self, x):
        mu, logvar = self.encoder(x)
        eps = jax.random.normal(self.make_rng('reparam'), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return self.decoder(z), mu, logvar

    def sample_latents(self, x, num_samples: int):
        mu, logvar = self.encoder(x)
        std = jnp.exp(0.5 * logvar)
        base_key = self.make_rng('reparam')

        def draw(carry, step):
            eps = jax.random.normal(jax.random.fold_in(base_key, step), mu.shape)
            return carry, mu + std * eps

        _, zs = jax.lax.scan(draw, None, jnp.arange(num_samples))
        return zs


def main():
    model = VAE()
    x = jnp.linspace(-1.0, 1.0, 2 * 16).reshape(2, 16)
    key = jax.random.PRNGKey(0)
    params_key, reparam_key, sample_key = jax.random.split(key, 3)
    variables = model.init({'params': params_key, 'reparam': reparam_key}, x)
    zs = model.apply(variables, x, 6, method=VAE.sample_latents, rngs={'reparam': sample_key})
    return zs
