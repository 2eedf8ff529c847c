# label: same-values
# flax-error: none
# class: 4 sequential VAE samples each latent with the reparameterisation trick via make_rng in the body
from flax import linen as nn
import jax
import jax.numpy as jnp


class SequentialVAE(nn.Module):
    latent: int = 3

    def setup(self):
        self.prior = nn.Dense(2 * self.latent)

    def __call__(self, z0, length):
        self.prior(z0)

        def step(z, _):
            mu, log_sigma = jnp.split(self.prior(z), 2, axis=-1)
            eps = jax.random.normal(self.make_rng("sample"), mu.shape)
            z = mu + jnp.exp(log_sigma) * eps
            return z, eps

        _, eps = jax.lax.scan(step, z0, None, length=length)
        return eps


def main():
    z0 = jnp.zeros((2, 3))
    vae = SequentialVAE()
    variables = vae.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, z0, 4)
    return vae.apply(variables, z0, 4, rngs={"sample": jax.random.PRNGKey(7)})
