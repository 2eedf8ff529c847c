# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_error" in "/" because collection "forecast_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 ReplenishmentPlanner looks its policy up in a decorator registry by the name in a frozen PlannerConfig; the BaseStockPolicy scans over weeks calling self.forecast, a functools.partial(model.apply, variables) whose DemandNet writes forecast_state
"""Warehouse replenishment: policies are registered by name with a decorator, the planner
builds the configured one, and the policy plans weekly orders from a demand forecaster."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

POLICIES = {}


def register_policy(name):
    def wrap(cls):
        POLICIES[name] = cls
        return cls
    return wrap


class DemandNet(nn.Module):
    @nn.compact
    def __call__(self, history):
        last_error = self.variable("forecast_state", "last_error", lambda: jnp.zeros(history.shape[:-1]))
        forecast = nn.softplus(nn.Dense(1)(nn.relu(nn.Dense(16)(history))))[..., 0]
        last_error.value = history[..., -1] - forecast
        return forecast + 0.5 * last_error.value


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    policy: str = "base_stock"
    safety_factor: float = 1.3
    lead_weeks: int = 2


@register_policy("base_stock")
class BaseStockPolicy:
    def __init__(self, forecast, cfg):
        self.forecast = forecast
        self.cfg = cfg

    def _week(self, carry, demand):
        stock, history = carry
        target = self.cfg.safety_factor * self.cfg.lead_weeks * self.forecast(history)
        order = jnp.maximum(target - stock, 0.0)
        stock = jnp.maximum(stock + order - demand, 0.0)
        history = jnp.concatenate([history[..., 1:], demand[..., None]], axis=-1)
        return (stock, history), order

    def plan(self, stock, history, demand):
        _, orders = jax.lax.scan(self._week, (stock, history), demand)
        return orders


@register_policy("fixed")
class FixedOrderPolicy:
    def __init__(self, forecast, cfg):
        self.cfg = cfg

    def plan(self, stock, history, demand):
        return jnp.full(demand.shape, 10.0)


class ReplenishmentPlanner:
    def __init__(self, model, variables, cfg):
        forecast = functools.partial(model.apply, variables)
        self.policy = POLICIES[cfg.policy](forecast, cfg)

    def plan(self, stock, history, demand):
        return self.policy.plan(stock, history, demand)


def main():
    skus, window, weeks = 5, 6, 10
    history = 10.0 + jax.random.uniform(jax.random.key(0), (skus, window))
    demand = 10.0 + jax.random.uniform(jax.random.key(1), (weeks, skus))
    model = DemandNet()
    variables = model.init(jax.random.key(2), history)
    planner = ReplenishmentPlanner(model, variables, PlannerConfig())
    orders = planner.plan(jnp.full((skus,), 20.0), history, demand)
    print(orders.sum(0))
    return None
