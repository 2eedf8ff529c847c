# label: ok
# flax-error: none
# class: 1 self.make_rng("sample") is called once before the raw lax.scan and the step folds the step index into the closed-over key
"""Stochastic latent sequence model (VRNN-style prior), with one key drawn from
`self.make_rng("sample")` before the scan and `fold_in` of the step index inside it.
Returns the noise."""
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
        base_key = self.make_rng("sample")

        def step(z, params_t):
            t, mu_t, log_sigma_t = params_t
            eps = jax.random.normal(jax.random.fold_in(base_key, t), mu_t.shape)
            z = 0.9 * z + mu_t + jnp.exp(log_sigma_t) * eps
            return z, eps

        z0 = jnp.zeros((self.latent,))
        _, eps = lax.scan(step, z0, (jnp.arange(xs.shape[0]), mu, log_sigma))
        return eps


def main():
    model = LatentWalk()
    xs = jnp.ones((6, 5))
    variables = model.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, xs)
    return model.apply(variables, xs, rngs={"sample": jax.random.PRNGKey(2)})
