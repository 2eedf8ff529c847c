# label: trace-context
# flax-error: TraceContextError: Cannot mutate DemandStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ReplenishmentPlanner -> StoreAdapter module -> its DemandStat Variable subclass updated in the fori_loop body
"""Retail demand planning with per-store adapters on top of a shared forecaster.

Each store has a small adapter module that keeps a running demand level in a custom
Variable type, so checkpoints can filter adapter statistics from weights.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DemandStat(nnx.Variable):
    pass


class StoreAdapter(nnx.Module):
    def __init__(self, features, rngs):
        self.scale = nnx.Linear(features, 1, rngs=rngs)
        self.level = DemandStat(jnp.zeros(()))

    def __call__(self, features, base):
        pred = base + self.scale(features)[0]
        self.level.value = 0.7 * self.level.value + 0.3 * pred
        return pred


class ReplenishmentPlanner:
    def __init__(self, stores, features):
        rngs = nnx.Rngs(0)
        self.base = nnx.Linear(features, 1, rngs=rngs)
        self.adapters = {s: StoreAdapter(features, rngs) for s in stores}

    def adapter(self, store):
        return self.adapters[store]

    def plan(self, store, weeks):
        adapter = self.adapter(store)

        def body(t, orders):
            base = self.base(weeks[t])[0]
            return orders + adapter(weeks[t], base)

        return jax.lax.fori_loop(0, weeks.shape[0], body, jnp.zeros(()))


def main():
    planner = ReplenishmentPlanner(["oslo-3", "porto-9"], 6)
    weeks = jax.random.normal(jax.random.key(1), (10, 6))
    planner.plan("porto-9", weeks)
    return None
