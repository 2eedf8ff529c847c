# label: ok
# flax-error: none
# class: 3 the scan body in PricingSimulator calls its attribute self.shock with fold_in of a key drawn by make_rng('demand') before the loop
"""Hotel dynamic pricing: simulate a week of nightly demand multipliers and the resulting room rates."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DemandShock(nn.Module):
    scale: float = 0.3

    @nn.compact
    def __call__(self, base, key):
        eps = jax.random.normal(key, base.shape)
        return jnp.exp(self.scale * eps)


class PricingSimulator(nn.Module):
    base_rate: float = 120.0

    def setup(self):
        self.shock = DemandShock()
        self.elasticity = nn.Dense(1)

    def __call__(self, room_features):
        # room_features: [nights, rooms, features]
        self.elasticity(room_features[0])  # create the elasticity parameters outside the loop
        demand_key = self.make_rng("demand")

        def body(occupancy, inputs):
            night, feats = inputs
            base = jax.nn.softplus(self.elasticity(feats))[..., 0]
            multiplier = self.shock(base, jax.random.fold_in(demand_key, night))
            rate = self.base_rate * (0.8 + 0.4 * multiplier) * (1.0 + 0.1 * occupancy)
            occupancy = 0.7 * occupancy + 0.3 * jnp.clip(base * multiplier, 0.0, 1.0)
            return occupancy, (rate, multiplier)

        nights = jnp.arange(room_features.shape[0])
        _, (rates, multipliers) = scan(body, jnp.zeros(room_features.shape[1]), (nights, room_features))
        return rates, multipliers


class RevenueDesk:
    def __init__(self, simulator, variables):
        self.simulator = simulator
        self.variables = variables

    def plan_week(self, room_features, seed):
        return self.simulator.apply(self.variables, room_features, rngs={"demand": jax.random.key(seed)})


def main():
    simulator = PricingSimulator()
    rooms = jax.random.normal(jax.random.key(0), (7, 5, 6))
    variables = simulator.init({"params": jax.random.key(1), "demand": jax.random.key(2)}, rooms)
    desk = RevenueDesk(simulator, variables)
    rates, multipliers = desk.plan_week(rooms, seed=11)
    return multipliers  # one row of demand multipliers per night
