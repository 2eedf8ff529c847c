# label: same-values
# flax-error: none
# class: 5 SprayPlanner wraps functools.partial(spray_pass, model, key) in jax.checkpoint; each scan step builds nnx.Rngs(gust=key) from the same captured key
"""Orchard spray planning: Monte Carlo drift of each spray pass under the forecast wind, with sampled gusts."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DriftModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.wind = nnx.Linear(3, 2, rngs=rngs)

    def __call__(self, conditions, rngs: nnx.Rngs):
        mean_drift = self.wind(conditions)
        gust = 0.3 * jax.random.normal(rngs.gust(), mean_drift.shape)
        return mean_drift + gust


def spray_pass(model, base_key, deposited, conditions):
    rngs = nnx.Rngs(gust=base_key)
    drift = model(conditions, rngs)
    return deposited + jnp.exp(-jnp.linalg.norm(drift)), drift


class SprayPlanner:
    def __init__(self, model, seed):
        self.step = jax.checkpoint(functools.partial(spray_pass, model, jax.random.key(seed)))

    def plan(self, passes):
        deposited, drifts = scan(self.step, jnp.zeros(()), passes)
        return drifts


def main():
    forecast = jnp.array([3.5, 0.8, 0.4])  # wind speed, direction, humidity
    passes = jnp.tile(forecast, (8, 1))  # eight passes under the same forecast
    planner = SprayPlanner(DriftModel(nnx.Rngs(0)), seed=11)
    return planner.plan(passes)
