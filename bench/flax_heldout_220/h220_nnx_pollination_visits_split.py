# label: ok
# flax-error: none
# class: 2 a local key drawn from the nnx.Rngs 'visits' stream in simulate_week() rides in the scan carry and is split every day
"""Orchard pollination: simulated daily bee visits to one reference tree during bloom."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class VisitIntensity(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.bloom = nnx.Linear(3, 5, rngs=rngs)
        self.rate = nnx.Linear(5, 1, rngs=rngs)

    def __call__(self, conditions):
        return nnx.softplus(self.rate(nnx.relu(self.bloom(conditions))))[0]


def simulate_week(model: VisitIntensity, rngs: nnx.Rngs, conditions, days: int = 7):
    key = rngs.visits()

    def day(carry, _):
        hive_reserve, key = carry
        key, sub = jax.random.split(key)
        intensity = model(conditions)
        visits = jax.random.poisson(sub, 20.0 * intensity, (6,)).astype(jnp.float32)
        return (hive_reserve - 0.01 * visits.sum(), key), visits

    _, visits = scan(day, (jnp.ones(()), key), None, length=days)
    return visits


def main():
    model = VisitIntensity(nnx.Rngs(0))
    rngs = nnx.Rngs(visits=21)
    conditions = jnp.array([0.6, 0.3, 0.9])  # temperature, wind, bloom fraction
    return simulate_week(model, rngs, conditions)
