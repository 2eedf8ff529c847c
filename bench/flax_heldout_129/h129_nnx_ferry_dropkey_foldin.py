# label: ok
# flax-error: none
# class: 4 scheduler.sample_demand() folds the sample index into self.keys.dropout_key (drawn once from an nnx.Rngs by a key helper) inside the scan body
"""Passenger-demand sampling for a ferry timetable planner.

The demand network uses dropout as a cheap Bayesian approximation; the scheduler draws several
samples for the same sailing features and returns one demand vector per sample.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DemandNet(nnx.Module):
    def __init__(self, features: int, routes: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(24, routes, rngs=rngs)

    def __call__(self, sailing, *, key):
        h = nnx.relu(self.embed(sailing))
        return nnx.softplus(self.out(self.drop(h, rngs=key)))


class KeyHelper:
    def __init__(self, rngs: nnx.Rngs):
        self.dropout_key = rngs.dropout()


class RouteScheduler:
    def __init__(self, model: DemandNet, keys: KeyHelper):
        self.model = model
        self.keys = keys

    def sample_demand(self, sailing, samples: int):
        def body(carry, sample):
            key = jax.random.fold_in(self.keys.dropout_key, sample)
            demand = self.model(sailing, key=key)
            return carry, demand

        _, demands = lax.scan(body, None, jnp.arange(samples))
        return demands


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    scheduler = RouteScheduler(DemandNet(7, 3, rngs=rngs), KeyHelper(rngs))
    sailing = jnp.array([0.2, 1.0, 0.0, 0.5, 0.3, 0.9, 0.1])
    return scheduler.sample_demand(sailing, samples=5)
