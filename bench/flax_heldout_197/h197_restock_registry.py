# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "drift" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step function returned by a factory registered under a version string in a decorator registry calls model.apply(variables, ...) in the scan body; the model updates its "drift" collection
"""Retail shelf restocking: demand models are registered by version string; the serving layer
looks up the factory for the deployed version and simulates a week of restocking."""
import jax
import jax.numpy as jnp
import flax.linen as nn

_FACTORIES = {}


def register(version):
    def decorate(factory):
        _FACTORIES[version] = factory
        return factory
    return decorate


class DemandModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, features):
        drift = self.variable("drift", "ema", jnp.zeros, features.shape[-1:])
        drift.value = 0.95 * drift.value + 0.05 * features.mean(axis=0)  # drift monitor
        h = nn.relu(nn.Dense(self.hidden)(features - drift.value))
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


@register("2.3.1")
def build_restock_step(model, variables, capacity):
    def step(stock, day_features):
        demand = model.apply(variables, day_features)
        sold = jnp.minimum(stock, demand)
        reorder = jnp.clip(capacity - (stock - sold), 0.0, capacity)
        return stock - sold + reorder, sold.sum()

    return step


def simulate_week(version, variables, week, capacity=20.0):
    step = _FACTORIES[version](DemandModel(), variables, capacity)
    stock = jnp.full(week.shape[1:2], capacity)
    _, sales = jax.lax.scan(step, stock, week)
    return sales


def main():
    week = jax.random.uniform(jax.random.key(0), (7, 5, 4))  # days, shelves, features
    variables = DemandModel().init(jax.random.key(1), week[0])
    sales = simulate_week("2.3.1", variables, week)
    jax.block_until_ready(sales)
    return None
