# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 simulate_brining builds rngs = nnx.Rngs(brine=...) in a local; the fori_loop body calls rngs.brine() to draw each day's salt-uptake noise
"""Cheese brining simulation: a salt-uptake model advances the salt content of a batch of wheels
day by day in the brine bath, with stochastic variation in brine concentration. Returns the daily
concentration perturbation."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SaltUptake(nnx.Module):
    def __init__(self, n_wheels: int, rngs: nnx.Rngs):
        self.rate = nnx.Param(jnp.full((n_wheels,), 0.08))
        self.mix = nnx.Linear(n_wheels, n_wheels, rngs=rngs)

    def __call__(self, salt, concentration):
        return salt + self.rate[...] * (concentration - salt) + 0.01 * jnp.tanh(self.mix(salt))


def simulate_brining(model: SaltUptake, days: int, n_wheels: int, seed: int):
    rngs = nnx.Rngs(brine=seed)

    def day(i, carry):
        salt, perturbations = carry
        delta = 0.5 * jax.random.normal(rngs.brine(), (n_wheels,))
        salt = model(salt, 18.0 + delta)
        return salt, perturbations.at[i].set(delta)

    salt = jnp.zeros((n_wheels,))
    return lax.fori_loop(0, days, day, (salt, jnp.zeros((days, n_wheels))))


def main():
    model = SaltUptake(4, nnx.Rngs(0))
    _, perturbations = simulate_brining(model, days=5, n_wheels=4, seed=21)
    return perturbations
