# label: same-values
# flax-error: none
# class: 5 the while_loop body calls a functools.partial of perturb_prices bound to the module, which draws from make_rng('scenario')
"""Price-shock scenarios for a demand response model (what-if planning for a promo calendar)."""

from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


def perturb_prices(module, prices, scale):
    shock = jax.random.normal(module.make_rng("scenario"), prices.shape)
    return prices * (1.0 + scale * shock)


class ScenarioGenerator(nn.Module):
    scale: float = 0.05

    def setup(self):
        self.response = nn.Dense(1)

    def respond(self, prices):
        return self.response(prices[..., None])[..., 0]

    def __call__(self, base_prices, n_scenarios: int):
        jitter = partial(perturb_prices, self, scale=self.scale)
        buffer = jnp.zeros((n_scenarios,) + base_prices.shape)

        def cond(state):
            return state[0] < n_scenarios

        def body(state):
            i, out = state
            return i + 1, out.at[i].set(self.respond(jitter(base_prices)))

        _, demand = jax.lax.while_loop(cond, body, (0, buffer))
        return demand


class WhatIfPlanner:
    def __init__(self, generator, variables):
        self.generator = generator
        self.variables = variables

    def scenarios(self, base_prices, n=4, seed=9):
        return self.generator.apply(self.variables, base_prices, n, rngs={"scenario": jax.random.key(seed)})


def main():
    base_prices = jnp.array([2.5, 4.0, 1.2])
    generator = ScenarioGenerator()
    variables = generator.init(jax.random.key(0), base_prices, method=ScenarioGenerator.respond)
    return WhatIfPlanner(generator, variables).scenarios(base_prices)
