# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scenario planner reaches the forecaster's nnx.Rngs through self.forecaster.rngs; the fori_loop body draws self.forecaster.rngs.scenario() for every scenario
"""Public transport ridership scenarios.

The planning team asks for a fan of boarding scenarios per route for next week's timetable;
each scenario perturbs the forecast with demand shocks drawn from the forecaster's rng stream.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ScenarioRequest:
    routes: int = 9
    scenarios: int = 6
    shock_scale: float = 0.15


class RidershipForecaster(nnx.Module):
    def __init__(self, features, routes, seed):
        self.rngs = nnx.Rngs(params=seed, scenario=seed + 1)
        self.trend = nnx.Linear(features, routes, rngs=self.rngs)

    def __call__(self, calendar_features):
        return nnx.softplus(self.trend(calendar_features))


class ScenarioPlanner:
    def __init__(self, forecaster):
        self.forecaster = forecaster

    def fan(self, calendar_features, request):
        base = self.forecaster(calendar_features)
        out = jnp.zeros((request.scenarios, request.routes))

        def body(i, out):
            shock = jax.random.normal(self.forecaster.rngs.scenario(), base.shape)
            return out.at[i].set(base * jnp.exp(request.shock_scale * shock))

        return lax.fori_loop(0, request.scenarios, body, out)


def main():
    request = ScenarioRequest()
    forecaster = RidershipForecaster(5, request.routes, seed=0)
    calendar = jnp.array([1.0, 0.0, 0.3, 0.7, 0.1])
    return ScenarioPlanner(forecaster).fan(calendar, request)
