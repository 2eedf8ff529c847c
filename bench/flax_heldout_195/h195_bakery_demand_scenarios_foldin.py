# label: ok
# flax-error: none
# class: 1 DemandModel.scenarios runs the fori_loop, draws self.make_rng("scenario") before it and folds the step index in inside the body
"""Bakery production planning: the demand model gives tomorrow's expected sales per product; the
planner asks it for a handful of demand scenarios to decide how many trays of each product to
bake."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class DemandModel(nn.Module):
    products: int = 5
    spread: float = 0.3

    def setup(self):
        self.head = nn.Dense(self.products)

    def __call__(self, calendar):
        return nn.softplus(self.head(calendar)) * 40.0

    def scenarios(self, calendar, count: int):
        expected = self(calendar)
        base_key = self.make_rng("scenario")

        def scenario(i, table):
            shock = jax.random.lognormal(jax.random.fold_in(base_key, i), self.spread, (self.products,))
            return table.at[i].set(expected * shock)

        return jax.lax.fori_loop(0, count, scenario, jnp.zeros((count, self.products)))


@dataclasses.dataclass(frozen=True)
class PlanConfig:
    scenarios: int = 7
    tray_size: int = 12
    service_level: float = 0.8


class ProductionPlanner:
    def __init__(self, model: DemandModel, variables, config: PlanConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def trays(self, calendar, key):
        table = self.model.apply(self.variables, calendar, self.config.scenarios,
                                 method=DemandModel.scenarios, rngs={"scenario": key})
        target = jnp.quantile(table, self.config.service_level, axis=0)
        return jnp.ceil(target / self.config.tray_size), table


def main():
    model = DemandModel()
    calendar = jnp.array([1.0, 0.0, 0.0, 1.0, 0.3, 21.0])
    variables = model.init(jax.random.key(0), calendar)
    _, table = ProductionPlanner(model, variables, PlanConfig()).trays(calendar, jax.random.key(5))
    return table
