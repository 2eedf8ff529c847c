# label: same-values
# flax-error: none
# class: 2 the scenario key, a local of the planning function, is handed as rngs= to the demand model's Dropout inside every step of the scan body
"""Bike-share rebalancing: sample station outage scenarios hour by hour and plan truck moves around them."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_STATIONS = 16


class DemandModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, outage_rate: float = 0.2):
        self.demand = nnx.Linear(3, N_STATIONS, rngs=rngs)
        self.outage = nnx.Dropout(outage_rate, rngs=rngs)

    def outage_mask(self, *, rngs):
        return self.outage(jnp.ones((N_STATIONS,)), rngs=rngs) > 0

    def __call__(self, hour_features):
        return nnx.softplus(self.demand(hour_features))


def plan_rebalancing(hours, seed=0):
    model = DemandModel(nnx.Rngs(params=seed, dropout=seed + 1))
    scenario_key = jax.random.key(seed + 2)

    def hour(bikes_moved, features):
        open_stations = model.outage_mask(rngs=scenario_key)
        demand = model(features) * open_stations
        return bikes_moved + jnp.abs(demand - demand.mean()).sum(), open_stations

    moved, outages = scan(hour, jnp.zeros(()), hours)
    return outages


def main():
    hour_of_day = jnp.arange(6, 14, dtype=jnp.float32)
    hours = jnp.stack([jnp.sin(hour_of_day / 24 * 2 * jnp.pi),
                       jnp.cos(hour_of_day / 24 * 2 * jnp.pi),
                       jnp.full_like(hour_of_day, 0.4)], axis=-1)  # rain probability
    return plan_rebalancing(hours).astype(jnp.int32)
