# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_demand" in "/remat(cell)" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_rollout(model, variables) factory returns a step function applying an nn.remat-wrapped cell that writes its 'cache' collection, scanned over days
"""Pharmacy inventory: forecast daily demand per SKU group with a recurrent Linen cell that
keeps the previous day's demand estimate in a 'cache' collection. The cell is rematerialized
to keep memory flat over long horizons. A factory builds the rollout step the replenishment
planner scans over the planning horizon."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DemandCell(nn.Module):
    n_skus: int

    @nn.compact
    def __call__(self, features):
        last = self.variable("cache", "last_demand", jnp.zeros, (self.n_skus,))
        h = nn.relu(nn.Dense(32)(jnp.concatenate([features, last.value])))
        demand = nn.softplus(nn.Dense(self.n_skus)(h))
        last.value = demand
        return demand


class Forecaster(nn.Module):
    n_skus: int

    @nn.compact
    def __call__(self, features):
        return nn.remat(DemandCell)(self.n_skus, name="cell")(features)


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    horizon: int = 14
    safety_stock: float = 1.2


def make_rollout(model, variables, cfg: PlannerConfig):
    def step(stock, day_features):
        demand = model.apply(variables, day_features)
        order = jnp.maximum(cfg.safety_stock * demand - stock, 0.0)
        return stock + order - demand, order

    return step


class ReplenishmentPlanner:
    def __init__(self, model, variables, cfg: PlannerConfig):
        self.cfg = cfg
        self.step = make_rollout(model, variables, cfg)

    def plan(self, stock, calendar_features):
        return scan(self.step, stock, calendar_features[: self.cfg.horizon])


def main():
    n_skus, n_feat = 6, 5
    model = Forecaster(n_skus=n_skus)
    variables = model.init(jax.random.key(0), jnp.zeros((n_feat,)))
    planner = ReplenishmentPlanner(model, variables, PlannerConfig())
    calendar = jax.random.uniform(jax.random.key(1), (30, n_feat))
    stock, orders = planner.plan(jnp.full((n_skus,), 3.0), calendar)
    orders.block_until_ready()
    return None
