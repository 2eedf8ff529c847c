# label: ok
# flax-error: none
# class: 3 the PosteriorSampler keeps params and a PRNG key as attributes; the key is split before the loop and the scan body gets one subkey per step as xs
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan as lax_scan


class VAE(nn.Module):
    latent: int = 3
    hidden: int = 16
    out_dim: int = 8

    def setup(self):
        self.enc = nn.Dense(self.hidden)
        self.enc_mu = nn.Dense(self.latent)
        self.enc_logvar = nn.Dense(self.latent)
        self.dec = nn.Sequential([nn.Dense(self.hidden), nn.relu, nn.Dense(self.out_dim)])

    def posterior(self, x):
        h = nn.relu(self.enc(x))
        return self.enc_mu(h), self.enc_logvar(h)

    def sample_posterior(self, x):
        mu, logvar = self.posterior(x)
        eps = jax.random.normal(self.make_rng("sample"), mu.shape)
        return mu + jnp.exp(0.5 * logvar) * eps

    def __call__(self, x):
        z = self.sample_posterior(x)
        return self.dec(z)


@dataclasses.dataclass
class PosteriorSampler:
    vae: VAE
    params: Any
    key: jax.Array

    def draw(self, x, num_samples):
        self.key, subkey = jax.random.split(self.key)
        sample_keys = jax.random.split(subkey, num_samples)

        def one_sample(carry, key):
            z = self.vae.apply(self.params, x, rngs={"sample": key}, method=VAE.sample_posterior)
            return carry, z

        _, zs = lax_scan(one_sample, None, sample_keys)
        return zs


def main():
    vae = VAE()
    x = jax.random.normal(jax.random.key(0), (2, 8))
    params = vae.init({"params": jax.random.key(1), "sample": jax.random.key(2)}, x)
    sampler = PosteriorSampler(vae, params, jax.random.key(42))
    return sampler.draw(x, num_samples=6)
