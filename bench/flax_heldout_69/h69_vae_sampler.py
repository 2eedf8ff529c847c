# label: same-values
# flax-error: none
# class: 4 self.make_rng drawn once in a module method, the key reused by every fori_loop iteration
"""VAE: draw a batch of latent samples per iteration with jax.lax.fori_loop, using a module
method called through apply(method=...)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class VAE(nn.Module):
    latent: int = 4

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec = nn.Dense(8)

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        return self.dec(mu + jnp.exp(0.5 * logvar) * eps)

    def sample_eps(self, n_draws, batch):
        key = self.make_rng("latent")
        buf = jnp.zeros((n_draws, batch, self.latent))

        def body(i, buf):
            eps = jax.random.normal(key, (batch, self.latent))
            return buf.at[i].set(eps)

        return lax.fori_loop(0, n_draws, body, buf)


def main():
    vae = VAE()
    x = jnp.ones((3, 8))
    variables = vae.init({"params": jax.random.PRNGKey(0), "latent": jax.random.PRNGKey(1)}, x)
    eps = vae.apply(variables, 6, 3, method=VAE.sample_eps, rngs={"latent": jax.random.PRNGKey(2)})
    return eps
