# label: same-values
# flax-error: none
# class: 1 RevenueManager.simulate runs lax.scan itself and calls self.make_rng("demand") inside the body
"""Hotel revenue management: Monte Carlo demand shocks over the booking horizon.

The revenue manager module owns the demand head and draws one demand shock per
simulated day from its own "demand" rng stream while it scans over the horizon.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class RevenueConfig:
    room_types: int = 4
    horizon_days: int = 6
    shock_scale: float = 0.15
    overbooking_margin: float = 0.05


class RevenueManager(nn.Module):
    config: RevenueConfig

    def setup(self):
        self.demand_head = nn.Dense(self.config.room_types)
        self.price_elasticity = self.param(
            "price_elasticity", nn.initializers.constant(-0.8), (self.config.room_types,))

    def expected_demand(self, features):
        return nn.softplus(self.demand_head(features))

    def simulate(self, features):
        base = self.expected_demand(features)

        def one_day(occupancy, day_index):
            shock = self.config.shock_scale * jax.random.normal(self.make_rng("demand"), base.shape)
            bookings = base * jnp.exp(shock) * (1.0 + self.config.overbooking_margin)
            return occupancy + bookings, shock

        days = jnp.arange(self.config.horizon_days)
        _, shocks = lax.scan(one_day, jnp.zeros_like(base), days)
        return shocks

    def __call__(self, features):
        return self.expected_demand(features) * jnp.exp(self.price_elasticity)


class PricingDesk:
    """What the nightly pricing job talks to."""

    def __init__(self, config, variables):
        self.config = config
        self.manager = RevenueManager(config)
        self.variables = variables

    def scenarios(self, features, seed):
        return self.manager.apply(self.variables, features, method=RevenueManager.simulate,
                                  rngs={"demand": jax.random.key(seed)})


def main():
    config = RevenueConfig()
    features = jax.random.normal(jax.random.key(0), (2 * config.room_types,))
    variables = RevenueManager(config).init(jax.random.key(1), features)
    desk = PricingDesk(config, variables)
    return desk.scenarios(features, seed=7)
