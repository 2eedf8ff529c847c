# label: same-values
# flax-error: none
# class: 4 the while_loop body reaches self.market.pricer.shock, a DemandShock bound once with rngs={"shock": key}, and samples a demand shock from it
"""Ride-hailing surge pricing: a market simulator replays a city's zones tick by tick; the
pricer samples demand shocks from a Linen module bound when the city is loaded."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DemandShock(nn.Module):
    zones: int = 4

    @nn.compact
    def __call__(self, base_demand):
        log_vol = self.param("log_volatility", nn.initializers.constant(-1.0), (self.zones,))
        z = jax.random.normal(self.make_rng("shock"), base_demand.shape)
        return base_demand * jnp.exp(jnp.exp(log_vol) * z)


class Pricer:
    def __init__(self, variables, key):
        self.shock = DemandShock().bind(variables, rngs={"shock": key})

    def surge(self, demand, supply):
        return jnp.clip(demand / supply, 1.0, 3.0)


class Market:
    def __init__(self, pricer, base_demand, supply):
        self.pricer = pricer
        self.base_demand = base_demand
        self.supply = supply


class Simulator:
    def __init__(self, market, horizon: int):
        self.market = market
        self.horizon = horizon

    def run(self):
        zones = self.market.base_demand.shape[0]

        def not_done(state):
            return state[0] < self.horizon

        def tick(state):
            t, demand_trace, surge_trace = state
            demand = self.market.pricer.shock(self.market.base_demand)
            surge = self.market.pricer.surge(demand, self.market.supply)
            return t + 1, demand_trace.at[t].set(demand), surge_trace.at[t].set(surge)

        empty = jnp.zeros((self.horizon, zones))
        _, demand_trace, _ = jax.lax.while_loop(not_done, tick, (0, empty, empty))
        return demand_trace


def main():
    base = jnp.array([120.0, 80.0, 45.0, 60.0])
    variables = DemandShock().init({"params": jax.random.key(0), "shock": jax.random.key(1)}, base)
    market = Market(Pricer(variables, jax.random.key(2024)), base, jnp.full((4,), 70.0))
    return Simulator(market, horizon=6).run()
