# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 IrrigationPlanner.__call__ (through a method contributed by the WaterBudgetMixin) runs fori_loop over the days, and the valve head defined in setup is first called in the body
"""Soil-moisture irrigation planner: decides valve openings for each day of the
coming week from the forecast evapotranspiration and the current moisture."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class WaterBudgetMixin:
    """Contributes the daily water-budget rollout to planner modules."""

    def plan_days(self, moisture, et_forecast):
        def body(day, carry):
            moisture, openings = carry
            feats = jnp.concatenate([moisture, et_forecast[day]])
            opening = jax.nn.sigmoid(self.valve(feats))
            moisture = jnp.clip(moisture - et_forecast[day] + 0.3 * opening, 0.0, 1.0)
            return moisture, openings.at[day].set(opening)

        openings0 = jnp.zeros((et_forecast.shape[0], moisture.shape[0]))
        return fori_loop(0, et_forecast.shape[0], body, (moisture, openings0))


class IrrigationPlanner(WaterBudgetMixin, nn.Module):
    n_zones: int = 4

    def setup(self):
        self.valve = nn.Dense(self.n_zones)

    def __call__(self, moisture, et_forecast):
        _, openings = self.plan_days(moisture, et_forecast)
        return openings


def main():
    n_zones = 4
    moisture = jnp.full((n_zones,), 0.6)
    et_forecast = 0.05 + 0.02 * jax.random.uniform(jax.random.key(0), (7, n_zones))
    planner = IrrigationPlanner(n_zones)
    variables = planner.init(jax.random.key(1), moisture, et_forecast)
    openings = planner.apply(variables, moisture, et_forecast)
    print(openings.sum(axis=0))
    return None
