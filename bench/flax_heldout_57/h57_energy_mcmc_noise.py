# label: same-values
# flax-error: none
# class: 3 the energy model's params and one noise key are closed over by the raw scan body
"""Unadjusted Langevin MCMC on a small Linen energy model. The gradient of the energy is taken
with jax.grad around apply; the noise uses the key created before the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Energy(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.softplus(nn.Dense(16)(x))
        return jnp.sum(nn.Dense(1)(h))


def main():
    energy = Energy()
    x = jnp.zeros((4, 2))
    params = energy.init(jax.random.PRNGKey(0), x)
    grad_e = jax.grad(lambda x: energy.apply(params, x))
    key = jax.random.PRNGKey(7)
    eps = 1e-2

    def mcmc_step(x, _):
        noise = jax.random.normal(key, x.shape)
        x = x - eps * grad_e(x) + jnp.sqrt(2 * eps) * noise
        return x, noise

    _, noise = jax.lax.scan(mcmc_step, x, jnp.arange(10))
    return noise
