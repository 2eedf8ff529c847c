# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local dict of per-depot (model, variables) pairs in plan_routes() goes into the fori_loop body, whose apply runs BatchNorm in training mode
"""Logistics route planner: every depot has its own small scoring model.

plan_routes() refines a candidate route per depot with a fixed number of local-search
sweeps; each sweep scores the current stop ordering with the depot's model.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

N_STOPS = 8


class StopScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, stops, train: bool = True):
        h = nn.Dense(self.hidden)(stops)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


def build_depot_models(depot_ids, key):
    models = {}
    for i, depot in enumerate(depot_ids):
        model = StopScorer()
        variables = model.init(jax.random.fold_in(key, i), jnp.ones((N_STOPS, 2)), train=False)
        models[depot] = (model, variables)
    return models


def plan_routes(depot_stops, key):
    depot_models = build_depot_models(sorted(depot_stops), key)
    plans = {}
    for depot, stops in depot_stops.items():

        def sweep(i, route):
            model, variables = depot_models[depot]
            scores = model.apply(variables, route)
            order = jnp.argsort(scores)
            return route[order] * 0.5 + route * 0.5

        plans[depot] = lax.fori_loop(0, 4, sweep, stops)
    return plans


def main():
    key = jax.random.key(0)
    depot_stops = {
        "rotterdam": jax.random.uniform(jax.random.key(1), (N_STOPS, 2)),
        "lyon": jax.random.uniform(jax.random.key(2), (N_STOPS, 2)),
    }
    plan_routes(depot_stops, key)
    return None
