# label: same-values
# flax-error: none
# class: 4 PricingServer -> Replica.(graphdef, state); the scan body calls nnx.merge(graphdef, replica.state, copy=True) each hour, so the exploration Rngs stream starts from the same stored count every step
"""Parking garages: hourly dynamic pricing with exploration noise, served from a functional replica."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class PricePolicy(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.base = nnx.Linear(features, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, occupancy):
        price = 2.0 + nnx.softplus(self.base(occupancy))[0]
        explore = 0.25 * jax.random.normal(self.rngs.explore(), ())
        return price + explore, explore


@dataclass
class Replica:
    graphdef: nnx.GraphDef
    state: nnx.State

    @classmethod
    def of(cls, model: nnx.Module) -> "Replica":
        return cls(*nnx.split(model))


class PricingServer:
    def __init__(self, replica: Replica):
        self.replica = replica

    def price_day(self, hourly_occupancy):
        def hour(revenue, occupancy):
            policy = nnx.merge(self.replica.graphdef, self.replica.state, copy=True)
            price, explore = policy(occupancy)
            return revenue + price * occupancy.mean(), explore

        return jax.lax.scan(hour, jnp.zeros(()), hourly_occupancy)


def main():
    policy = PricePolicy(features=4, rngs=nnx.Rngs(params=0, explore=5))
    server = PricingServer(Replica.of(policy))
    occupancy = jax.random.uniform(jax.random.key(2), (12, 4))
    _, explore = server.price_day(occupancy)
    return explore  # exploration offset per hour, hour on axis 0
