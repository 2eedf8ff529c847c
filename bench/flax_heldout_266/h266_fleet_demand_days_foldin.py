# label: ok
# flax-error: none
# class: 4 the while_loop body of FleetSimulator.sample_days applies self.forecast.model with self.forecast.variables and folds the day index into self.forecast.key
"""Ride-pooling fleet planning: sample daily passenger arrivals per zone from a demand forecast."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ArrivalModel(nn.Module):
    @nn.compact
    def __call__(self, demand):
        rate = nn.softplus(nn.Dense(demand.shape[-1])(demand))
        draw = jax.random.uniform(self.make_rng("arrivals"), rate.shape)
        return rate * draw


@dataclass
class DemandForecast:
    model: ArrivalModel
    variables: dict
    key: jax.Array


class FleetSimulator:
    def __init__(self, forecast: DemandForecast):
        self.forecast = forecast

    def sample_days(self, demand, days):
        def more_days(state):
            return state[0] < days

        def one_day(state):
            day, out = state
            fc = self.forecast
            day_key = jax.random.fold_in(fc.key, day)
            arrivals = fc.model.apply(fc.variables, demand, rngs={"arrivals": day_key})
            return day + 1, out.at[day].set(arrivals)

        _, out = lax.while_loop(more_days, one_day, (0, jnp.zeros((days,) + demand.shape)))
        return out


def build_forecast(demand, seed=0):
    model = ArrivalModel()
    init_key, sample_key, arrival_key = jax.random.split(jax.random.key(seed), 3)
    variables = model.init({"params": init_key, "arrivals": arrival_key}, demand)
    return DemandForecast(model, variables, sample_key)


def main():
    demand = jnp.array([3.0, 1.5, 0.5, 2.5])
    simulator = FleetSimulator(build_forecast(demand))
    return simulator.sample_days(demand, days=4)
