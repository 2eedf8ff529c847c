# label: ok
# flax-error: none
# class: 3 the noise key is folded in with the step index that the raw scan passes as xs
"""The fix: fold the step index into the key so each MCMC step draws different noise."""
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

    def mcmc_step(x, t):
        noise = jax.random.normal(jax.random.fold_in(key, t), x.shape)
        x = x - eps * grad_e(x) + jnp.sqrt(2 * eps) * noise
        return x, noise

    _, noise = jax.lax.scan(mcmc_step, x, jnp.arange(10))
    return noise
