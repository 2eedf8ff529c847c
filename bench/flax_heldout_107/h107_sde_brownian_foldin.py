# label: ok
# flax-error: none
# class: 3 the solver object's attribute self.key is folded with the step index scanned over as xs
"""Euler-Maruyama neural SDE, twin of h107_sde_brownian: the step index is scanned over
and folded into the solver's key, so each Brownian increment is fresh."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Drift(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(nn.softplus(nn.Dense(32)(x)))


class EulerMaruyama:
    def __init__(self, drift, params, key, dt=0.01, sigma=0.3):
        self.drift = drift
        self.params = params
        self.key = key
        self.dt = dt
        self.sigma = sigma

    def solve(self, x0, n_steps):
        def step(x, t):
            k = jax.random.fold_in(self.key, t)
            dW = jnp.sqrt(self.dt) * jax.random.normal(k, x.shape)
            x = x + self.drift.apply(self.params, x) * self.dt + self.sigma * dW
            return x, dW

        return scan(step, x0, jnp.arange(n_steps))


def main():
    drift = Drift()
    params = drift.init(jax.random.PRNGKey(0), jnp.zeros((3,)))
    solver = EulerMaruyama(drift, params, jax.random.PRNGKey(11))
    x_final, increments = solver.solve(jnp.ones((3,)), 50)
    print(x_final)
    return increments
