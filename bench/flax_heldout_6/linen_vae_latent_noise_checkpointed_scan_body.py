# label: same-values
# flax-error: none
# class: 2 a VAE decoder bound to self.decoder in setup draws latents with self.make_rng inside a jax.checkpoint-wrapped raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class VAE(nn.Module):
    latent: int = 3

    def setup(self):
        self.encoder = nn.Dense(2 * self.latent)
        self.decoder = nn.Dense(6)

    def __call__(self, x):
        stats = self.encoder(x)
        mu, logvar = jnp.split(stats, 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mu.shape)
        return self.decoder(z), mu, logvar

    def generate(self, n):
        @jax.checkpoint
        def body(carry, _):
            z = jax.random.normal(self.make_rng("latent"), (self.latent,))
            return carry, nn.sigmoid(self.decoder(z))

        return jax.lax.scan(body, None, None, length=n)[1]


def main():
    vae = VAE()
    x = jnp.ones((2, 6))
    variables = vae.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    return vae.apply(variables, 5, method=VAE.generate, rngs={"latent": jax.random.key(2)})
