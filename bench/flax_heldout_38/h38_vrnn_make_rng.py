# label: same-values
# flax-error: none
# class: 4 self.make_rng("sample") is called inside the raw lax.scan step, which is traced once, so every step gets the same key
"""Stochastic latent sequence model (VRNN-style prior): per-step Gaussian parameters are
computed for the whole sequence, then a lax.scan walks the latent state and draws the
reparameterisation noise with `self.make_rng("sample")` in each step. Returns the noise."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class LatentWalk(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, xs):
        # xs: (time, features)
        stats = nn.Dense(2 * self.latent)(xs)
        mu, log_sigma = jnp.split(stats, 2, axis=-1)

        def step(z, params_t):
            mu_t, log_sigma_t = params_t
            eps = jax.random.normal(self.make_rng("sample"), mu_t.shape)
            z = 0.9 * z + mu_t + jnp.exp(log_sigma_t) * eps
            return z, eps

        z0 = jnp.zeros((self.latent,))
        _, eps = lax.scan(step, z0, (mu, log_sigma))
        return eps


def main():
    model = LatentWalk()
    xs = jnp.ones((6, 5))
    variables = model.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, xs)
    return model.apply(variables, xs, rngs={"sample": jax.random.PRNGKey(2)})
