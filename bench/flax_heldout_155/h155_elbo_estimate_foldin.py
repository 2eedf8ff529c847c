# label: ok
# flax-error: none
# class: 5 a factory make_elbo_step returns the fori_loop body; the body folds the iteration index into the key handed to the factory
"""Monte Carlo ELBO estimate of a small VAE, one estimate per loop iteration (working variant).

The factory's body derives a fresh key for each iteration with jax.random.fold_in(key, i).
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VAE(nn.Module):
    latent: int = 2

    @nn.compact
    def __call__(self, x):
        h = nn.tanh(nn.Dense(16, name="enc")(x))
        mu = nn.Dense(self.latent, name="mu")(h)
        logvar = nn.Dense(self.latent, name="logvar")(h)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        recon = nn.Dense(x.shape[-1], name="dec")(nn.tanh(nn.Dense(16, name="dec_h")(z)))
        log_lik = -0.5 * jnp.sum((x - recon) ** 2)
        kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar))
        return log_lik - kl


def make_elbo_step(model, params, x, key):
    def step(i, estimates):
        elbo = model.apply({"params": params}, x, rngs={"latent": jax.random.fold_in(key, i)})
        return estimates.at[i].set(elbo)
    return step


def main():
    model = VAE()
    x = jax.random.normal(jax.random.key(0), (5,))
    params = model.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, x)["params"]
    n = 10
    step = make_elbo_step(model, params, x, jax.random.key(3))
    estimates = jax.lax.fori_loop(0, n, step, jnp.zeros(n))
    print(estimates.mean(), estimates.std())
    return estimates
