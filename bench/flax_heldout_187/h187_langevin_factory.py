# label: same-values
# flax-error: none
# class: 5 a factory make_langevin_step closes over the model, params and one PRNG key and returns the fori_loop body
"""Unadjusted Langevin sampling from an energy-based model.  The step function is
built by a factory so the same sampler can be reused with different step sizes;
the noise of every step is logged to check its statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Energy(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.softplus(nn.Dense(32)(x))
        h = nn.softplus(nn.Dense(32)(h))
        return nn.Dense(1)(h).sum()


def make_langevin_step(model, params, key, step_size):
    grad_energy = jax.grad(lambda x: model.apply(params, x))

    def step(i, carry):
        x, noise_log = carry
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * grad_energy(x) + jnp.sqrt(2 * step_size) * noise
        return x, noise_log.at[i].set(noise)

    return step


def main():
    model = Energy()
    x0 = jnp.zeros((5, 2))
    params = model.init(jax.random.key(0), x0)
    n_steps = 10
    step = make_langevin_step(model, params, jax.random.key(7), step_size=1e-2)
    x, noise_log = jax.lax.fori_loop(0, n_steps, step, (x0, jnp.zeros((n_steps, 5, 2))))
    return noise_log
