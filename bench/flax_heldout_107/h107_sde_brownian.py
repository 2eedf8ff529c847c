# label: same-values
# flax-error: none
# class: 3 the solver object's attribute self.key is read by the scan body for every Brownian increment
"""Euler-Maruyama solver for dX = f_theta(X) dt + sigma dW with a Linen drift network.
The solver keeps its PRNG key as an attribute and the raw scan body draws dW from it,
so the Brownian path repeats the same increment (modelled on neural-SDE forum threads)."""
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
        def step(x, _):
            dW = jnp.sqrt(self.dt) * jax.random.normal(self.key, x.shape)
            x = x + self.drift.apply(self.params, x) * self.dt + self.sigma * dW
            return x, dW

        return scan(step, x0, None, length=n_steps)


def main():
    drift = Drift()
    params = drift.init(jax.random.PRNGKey(0), jnp.zeros((3,)))
    solver = EulerMaruyama(drift, params, jax.random.PRNGKey(11))
    x_final, increments = solver.solve(jnp.ones((3,)), 50)
    print(x_final)
    return increments
