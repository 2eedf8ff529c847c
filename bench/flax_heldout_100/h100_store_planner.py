# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DemandPlanner -> StoreAdapter -> adapter.bound (model.bind with mutable 'calib') called in the fori_loop body, read after the loop
"""Weekly demand planner: one shared forecaster, one adapter per store.

Each adapter keeps the forecaster bound to the store's calibration collection so the
running bias correction can be inspected by the replenishment report.
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
        self.bound = model.bind(variables, mutable=["calib"])

    def forecast(self, features):
        return self.bound(features)

    def calibration(self):
        return self.bound.variables["calib"]["bias"]


class DemandPlanner:
    def __init__(self, model, variables, store_ids):
        self.adapters = {sid: StoreAdapter(sid, model, variables) for sid in store_ids}

    def plan(self, store_id, weekly_features):
        adapter = self.adapters[store_id]
        weeks = weekly_features.shape[0]

        def body(week, orders):
            return orders + adapter.forecast(weekly_features[week]).sum()

        orders = jax.lax.fori_loop(0, weeks, body, jnp.zeros(()))
        return orders, adapter.calibration() * 1.0


def main():
    model = Forecaster()
    feats = jax.random.normal(jax.random.key(0), (8, 5))
    variables = model.init(jax.random.key(1), feats[0])
    planner = DemandPlanner(model, variables, ["berlin-01", "lyon-07"])
    planner.plan("lyon-07", feats)
    return None
