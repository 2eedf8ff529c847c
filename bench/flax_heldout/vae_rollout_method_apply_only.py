# label: ok
# flax-error: none
# class: 3 VAE: __call__ encodes and decodes once; a latent rollout method scans the decoder under apply only
import flax.linen as nn
import jax
import jax.numpy as jnp


class VAE(nn.Module):
    latent: int = 2

    def setup(self):
        self.encoder = nn.Dense(2 * self.latent)
        self.decoder = nn.Dense(4)
        self.transition = nn.Dense(self.latent)

    def __call__(self, x):
        mu, _ = jnp.split(self.encoder(x), 2, -1)
        return self.decoder(mu), self.transition(mu)

    def rollout(self, z0, steps):
        def step(z, _):
            z = z + jnp.tanh(self.transition(z))
            return z, self.decoder(z)

        return jax.lax.scan(step, z0, None, length=steps)[1]


def main():
    vae = VAE()
    variables = vae.init(jax.random.PRNGKey(0), jnp.ones((3, 4)))
    vae.apply(variables, jnp.zeros((3, 2)), 5, method="rollout")
