# label: ok
# flax-error: none
# class: 5 a functools.partial of vae.apply (method=VAE.encode, track=False) carries the variables into the fori_loop body; 'posterior_stats' is only read
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class Encoder(nn.Module):
    latent: int = 2
    momentum: float = 0.95

    @nn.compact
    def __call__(self, x, track: bool = True):
        h = nn.relu(nn.Dense(16)(x))
        mu = nn.Dense(self.latent)(h)
        logvar = nn.Dense(self.latent)(h)
        agg_mu = self.variable("posterior_stats", "mu", jnp.zeros, (self.latent,))
        agg_var = self.variable("posterior_stats", "var", jnp.ones, (self.latent,))
        if track and not self.is_initializing():
            m = self.momentum
            agg_mu.value = m * agg_mu.value + (1 - m) * mu.mean(0)
            agg_var.value = m * agg_var.value + (1 - m) * (jnp.exp(logvar) + mu**2).mean(0)
        return mu, logvar


class Decoder(nn.Module):
    out_dim: int = 6

    @nn.compact
    def __call__(self, z):
        return nn.Dense(self.out_dim)(nn.relu(nn.Dense(16)(z)))


class VAE(nn.Module):
    out_dim: int = 6

    def setup(self):
        self.encoder = Encoder()
        self.decoder = Decoder(self.out_dim)

    def encode(self, x, track: bool = True):
        return self.encoder(x, track)

    def __call__(self, x, z_rng):
        mu, logvar = self.encoder(x)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(z_rng, mu.shape)
        return self.decoder(z), mu, logvar


def posterior_means(vae, variables, data, batch_size):
    encode = partial(vae.apply, variables, method=VAE.encode, track=False)
    n_batches = data.shape[0] // batch_size
    means = jnp.zeros((n_batches, batch_size, 2))

    def encode_batch(i, means):
        xb = jax.lax.dynamic_slice_in_dim(data, i * batch_size, batch_size)
        mu, _ = encode(xb)
        return means.at[i].set(mu)

    return fori_loop(0, n_batches, encode_batch, means)


def main():
    vae = VAE()
    data = jax.random.normal(jax.random.key(0), (24, 6))
    variables = vae.init(jax.random.key(1), data[:4], jax.random.key(2))
    means = posterior_means(vae, variables, data, batch_size=8)
    jax.block_until_ready(means)
    return None
