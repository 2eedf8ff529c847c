# label: ok
# flax-error: none
# class: 4 a factory builds a jitted estimator whose raw lax.scan body calls a functools.partial of model.apply(method=VAE.log_weight) with rngs={'latent': fold_in(rng, i)} built from the scanned sample index
# modelled on: google/flax issue #112 "nn.stochastic context does not extend into jitted functions" and blackjax-devs/blackjax PR #656 "Replace iterative RNG split and carry with jax.random.fold_in"
"""Importance weights and IWAE bound for a small Gaussian VAE."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class VAE(nn.Module):
    latent: int = 2
    data_dim: int = 6

    def setup(self):
        self.encoder = nn.Dense(2 * self.latent)
        self.decoder = nn.Sequential([nn.Dense(16), nn.tanh, nn.Dense(self.data_dim)])

    def __call__(self, x):
        return self.log_weight(x)

    def log_weight(self, x):
        mu, logvar = jnp.split(self.encoder(x), 2, axis=-1)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        log_px = -0.5 * jnp.sum((x - self.decoder(z)) ** 2, axis=-1)
        log_pz = -0.5 * jnp.sum(z**2, axis=-1)
        log_qz = -0.5 * jnp.sum(eps**2 + logvar, axis=-1)
        return log_px + log_pz - log_qz


def make_iwae_estimator(model, num_samples):
    log_weight_fn = functools.partial(model.apply, method=VAE.log_weight)

    @jax.jit
    def estimate(variables, x, rng):
        def body(carry, i):
            key = jax.random.fold_in(rng, i)
            return carry, log_weight_fn(variables, x, rngs={"latent": key})

        _, log_w = jax.lax.scan(body, None, jnp.arange(num_samples))
        return log_w

    return estimate


def main():
    x = jax.random.normal(jax.random.key(0), (4, 6))
    model = VAE()
    variables = model.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, x)
    estimate = make_iwae_estimator(model, num_samples=8)
    log_w = estimate(variables, x, jax.random.key(3))
    bound = jax.nn.logsumexp(log_w, axis=0) - jnp.log(log_w.shape[0])
    print(bound)
    return log_w
