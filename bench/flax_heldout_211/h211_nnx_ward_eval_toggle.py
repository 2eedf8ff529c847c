# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 planner.evaluator.predict switches planner.evaluator.model to eval mode (model.eval()) inside the fori_loop body before calling it
"""Hospital ward bed-occupancy planning: a week of daily occupancy forecasts from the census features."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class OccupancyNet(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, census):
        h = self.drop(nnx.relu(self.l1(census)))
        return nnx.softplus(self.l2(h))[..., 0] * 30.0


class Evaluator:
    def __init__(self, model):
        self.model = model

    def predict(self, census):
        self.model.eval()
        return self.model(census)


class WardPlanner:
    def __init__(self, evaluator, horizon_days=7):
        self.evaluator = evaluator
        self.horizon_days = horizon_days

    def forecast_week(self, census):
        beds = jnp.zeros((self.horizon_days, census.shape[0]))

        def body(day, beds):
            occupancy = self.evaluator.predict(census + 0.1 * day)
            return beds.at[day].set(occupancy)

        return fori_loop(0, self.horizon_days, body, beds)


def main():
    census = jax.random.normal(jax.random.key(17), (4, 6))
    planner = WardPlanner(Evaluator(OccupancyNet(6, nnx.Rngs(0, dropout=1))))
    beds = planner.forecast_week(census)
    print(beds.sum(axis=1))
    return None
