# label: ok
# flax-error: none
# class: 5 a step function returned by a factory registered under a version string in a decorator registry gets the "drift" collection through the scan carry and returns it from model.apply(..., mutable=["drift"])
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
def build_restock_step(model, params, capacity):
    def step(carry, day_features):
        stock, drift = carry
        demand, updated = model.apply({"params": params, "drift": drift}, day_features, mutable=["drift"])
        sold = jnp.minimum(stock, demand)
        reorder = jnp.clip(capacity - (stock - sold), 0.0, capacity)
        return (stock - sold + reorder, updated["drift"]), sold.sum()

    return step


def simulate_week(version, variables, week, capacity=20.0):
    step = _FACTORIES[version](DemandModel(), variables["params"], capacity)
    stock = jnp.full(week.shape[1:2], capacity)
    (_, drift), sales = jax.lax.scan(step, (stock, variables["drift"]), week)
    return sales, drift


def main():
    week = jax.random.uniform(jax.random.key(0), (7, 5, 4))  # days, shelves, features
    variables = DemandModel().init(jax.random.key(1), week[0])
    sales, drift = simulate_week("2.3.1", variables, week)
    jax.block_until_ready((sales, drift))
    return None
