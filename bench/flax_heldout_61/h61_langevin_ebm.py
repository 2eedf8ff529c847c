# label: same-values
# flax-error: none
# class: 3 a module-level Langevin sampler receives the energy's apply function via functools.partial and one PRNG key, which the scan body reuses every step
"""Short-run Langevin MCMC from an energy-based model (Nijkamp et al. / Du & Mordatch style)."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EnergyMLP(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h).squeeze(-1)


def langevin_sample(energy_fn, x0, key, n_steps=8, step_size=0.01):
    grad_e = jax.grad(lambda x: energy_fn(x).sum())

    def step(x, _):
        noise = jax.random.normal(key, x.shape)
        x = x - step_size * grad_e(x) + jnp.sqrt(2.0 * step_size) * noise
        return x, noise

    x, noises = lax.scan(step, x0, None, length=n_steps)
    return x, noises


def main():
    model = EnergyMLP()
    x0 = jnp.zeros((4, 2))
    params = model.init(jax.random.key(0), x0)
    energy_fn = functools.partial(model.apply, params)
    _, noises = langevin_sample(energy_fn, x0, jax.random.key(1))
    return noises
