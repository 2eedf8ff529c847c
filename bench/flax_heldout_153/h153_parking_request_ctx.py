# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_forecast" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 each RequestContext carries a Services bundle whose forecaster holds model.bind(variables); the while_loop body calls ctx.services.forecaster.bound, which writes the immutable 'cache' collection
"""Parking-garage occupancy API: every request gets a context object with the services it may
use; the forecast handler rolls the occupancy model forward until the garage would be full."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class OccupancyModel(nn.Module):
    n_levels: int = 4

    @nn.compact
    def __call__(self, counts):
        cache = self.variable('cache', 'last_forecast', lambda: jnp.zeros((self.n_levels,)))
        forecast = counts + nn.softplus(nn.Dense(self.n_levels, name='inflow')(counts))
        cache.value = forecast
        return forecast


class Forecaster:
    def __init__(self, module, variables):
        self.bound = module.bind(variables)


@dataclasses.dataclass
class Services:
    forecaster: Forecaster
    capacity: float


@dataclasses.dataclass
class RequestContext:
    request_id: str
    garage: str
    services: Services


def handle_time_to_full(ctx: RequestContext, counts):
    capacity = ctx.services.capacity

    def not_full(state):
        steps, occ = state
        return jnp.logical_and(occ.sum() < capacity, steps < 48)

    def advance(state):
        steps, occ = state
        return steps + 1, ctx.services.forecaster.bound(occ)

    steps, _ = while_loop(not_full, advance, (0, counts))
    return {'request_id': ctx.request_id, 'garage': ctx.garage, 'quarter_hours': steps}


def main():
    module = OccupancyModel()
    counts = jnp.array([10.0, 4.0, 7.0, 1.0])
    variables = module.init(jax.random.key(8), counts)
    services = Services(Forecaster(module, variables), capacity=400.0)
    ctx = RequestContext('req-0193', 'harbour-east', services)
    response = handle_time_to_full(ctx, counts)
    jax.block_until_ready(response['quarter_hours'])
    return None
