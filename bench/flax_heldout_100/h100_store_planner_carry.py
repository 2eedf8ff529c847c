# label: ok
# flax-error: none
# class: 4 DemandPlanner -> StoreAdapter -> adapter.model.apply with the 'calib' collection threaded through the fori_loop carry
"""Weekly demand planner: one shared forecaster, one adapter per store.

Each adapter owns the store's calibration collection; the planner threads it through
the loop and hands the final value back to the adapter for the replenishment report.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Forecaster(nn.Module):
    horizon: int = 4

    @nn.compact
    def __call__(self, features):
        bias = self.variable("calib", "bias", lambda: jnp.zeros((self.horizon,)))
        demand = nn.relu(nn.Dense(self.horizon)(features))
        if not self.is_initializing():
            bias.value = 0.9 * bias.value + 0.1 * demand
        return demand + bias.value


class StoreAdapter:
    def __init__(self, store_id, model, variables):
        self.store_id = store_id
        self.model = model
        self.params = variables["params"]
        self.calib = variables["calib"]

    def forecast(self, calib, features):
        demand, updates = self.model.apply(
            {"params": self.params, "calib": calib}, features, mutable=["calib"])
        return demand, updates["calib"]

    def calibration(self):
        return self.calib["bias"]


class DemandPlanner:
    def __init__(self, model, variables, store_ids):
        self.adapters = {sid: StoreAdapter(sid, model, variables) for sid in store_ids}

    def plan(self, store_id, weekly_features):
        adapter = self.adapters[store_id]
        weeks = weekly_features.shape[0]

        def body(week, carry):
            orders, calib = carry
            demand, calib = adapter.forecast(calib, weekly_features[week])
            return orders + demand.sum(), calib

        orders, adapter.calib = jax.lax.fori_loop(0, weeks, body, (jnp.zeros(()), adapter.calib))
        return orders, adapter.calibration() * 1.0


def main():
    model = Forecaster()
    feats = jax.random.normal(jax.random.key(0), (8, 5))
    variables = model.init(jax.random.key(1), feats[0])
    planner = DemandPlanner(model, variables, ["berlin-01", "lyon-07"])
    planner.plan("lyon-07", feats)
    return None
