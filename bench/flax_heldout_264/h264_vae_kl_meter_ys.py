# label: ok
# flax-error: none
# class: 5 the scan body is `functools.partial(self._elbo_sample, x, mu, logvar)`; the per-sample KL leaves as the scan's ys and `self.meter.add(...)` runs after the loop
"""Monte-Carlo ELBO of a small VAE with a KL meter kept in a 'metrics' collection."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

LATENT = 2


class KLMeter(nn.Module):
    @nn.compact
    def add(self, kl):
        total = self.variable("metrics", "kl_total", lambda: jnp.zeros(()))
        total.value = total.value + kl
        return total.value


class VAE(nn.Module):
    hidden: int = 8
    out: int = 4

    def setup(self):
        self.enc = nn.Dense(self.hidden)
        self.stats = nn.Dense(2 * LATENT)
        self.dec_hidden = nn.Dense(self.hidden)
        self.dec_out = nn.Dense(self.out)
        self.meter = KLMeter()

    def encode(self, x):
        mu, logvar = jnp.split(self.stats(nn.tanh(self.enc(x))), 2, axis=-1)
        return mu, logvar

    def decode(self, z):
        return self.dec_out(nn.tanh(self.dec_hidden(z)))

    def _elbo_sample(self, x, mu, logvar, carry, key):
        eps = jax.random.normal(key, mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        recon = -jnp.sum((self.decode(z) - x) ** 2, axis=-1)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu**2 - 1.0 - logvar, axis=-1)
        return carry, (recon - kl, kl.mean())

    def __call__(self, x, keys):
        mu, logvar = self.encode(x)
        _ = self.decode(mu)
        body = functools.partial(self._elbo_sample, x, mu, logvar)
        _, (elbos, kls) = jax.lax.scan(body, None, keys)
        self.meter.add(kls.sum())
        return elbos


def main():
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    vae = VAE()
    variables = vae.init(jax.random.key(0), x, jax.random.split(jax.random.key(1), 1))
    keys = jax.random.split(jax.random.key(3), 5)
    elbos, metrics = vae.apply({"params": variables["params"]}, x, keys, mutable=["metrics"])
    mean_kl = metrics["metrics"]["meter"]["kl_total"] / keys.shape[0]
    jax.block_until_ready(mean_kl)
    return elbos
