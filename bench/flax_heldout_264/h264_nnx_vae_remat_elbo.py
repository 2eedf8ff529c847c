# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls `sample_elbo`, a `jax.checkpoint` wrapper around `vae.elbo`, whose reparameterisation draws from the VAE's `self.rngs.noise` stream
"""Monte-Carlo ELBO of an NNX VAE, each sample rematerialised to save memory."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

LATENT = 2


class VAE(nnx.Module):
    def __init__(self, din: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 2 * LATENT, rngs=rngs)
        self.dec = nnx.Linear(LATENT, din, rngs=rngs)
        self.rngs = rngs

    def reparameterize(self, mu, logvar):
        eps = jax.random.normal(self.rngs.noise(), mu.shape)
        return mu + jnp.exp(0.5 * logvar) * eps

    def elbo(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        z = self.reparameterize(mu, logvar)
        recon = -jnp.sum((self.dec(z) - x) ** 2, axis=-1)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu**2 - 1.0 - logvar, axis=-1)
        return jnp.mean(recon - kl)


def mc_elbo(vae, x, num_samples):
    @functools.partial(jax.checkpoint, prevent_cse=False)
    def sample_elbo(x):
        return vae.elbo(x)

    def body(acc, _):
        value = sample_elbo(x)
        return acc + value, value

    total, per_sample = jax.lax.scan(body, 0.0, None, length=num_samples)
    return total / num_samples, per_sample


def main():
    vae = VAE(5, nnx.Rngs(params=0, noise=1))
    x = jnp.linspace(0.0, 1.0, 10).reshape(2, 5)
    _, per_sample = mc_elbo(vae, x, num_samples=4)
    return per_sample
