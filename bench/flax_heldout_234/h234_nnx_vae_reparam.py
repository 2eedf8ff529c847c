# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the VAE into the scan step; posterior_sample() draws its noise from the VAE's own rngs stream inside the body
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class VAE(nnx.Module):
    def __init__(self, in_dim, latent, hidden, rngs: nnx.Rngs):
        self.enc = nnx.Linear(in_dim, hidden, rngs=rngs)
        self.mu = nnx.Linear(hidden, latent, rngs=rngs)
        self.logvar = nnx.Linear(hidden, latent, rngs=rngs)
        self.dec1 = nnx.Linear(latent, hidden, rngs=rngs)
        self.dec2 = nnx.Linear(hidden, in_dim, rngs=rngs)
        self.rngs = rngs

    def encode(self, x):
        h = nnx.relu(self.enc(x))
        return self.mu(h), self.logvar(h)

    def decode(self, z):
        return self.dec2(nnx.relu(self.dec1(z)))

    def posterior_sample(self, x, key=None):
        mu, logvar = self.encode(x)
        if key is None:
            key = self.rngs.latent()
        return mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)


def posterior_step(vae, x, carry, _):
    z = vae.posterior_sample(x)
    return carry, (z, vae.decode(z))


def sample_posterior(vae, x, num_samples):
    step = functools.partial(posterior_step, vae, x)
    _, (zs, recons) = jax.lax.scan(step, None, None, length=num_samples)
    return zs, recons


def main():
    vae = VAE(6, 2, 16, nnx.Rngs(params=0, latent=1))
    x = jax.random.normal(jax.random.key(3), (3, 6))
    zs, recons = sample_posterior(vae, x, num_samples=5)
    return {"z": zs, "recon": recons}
