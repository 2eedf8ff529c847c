# label: ok
# flax-error: none
# class: 4 a ForecastFacade's dict of ModelAdapters, each holding functools.partial(model.apply, train=True), is called in the scan body with each adapter's batch_stats threaded through the carry
"""Bakery demand forecasting: a facade blends several product-line models over the week's days."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ProductLineNet(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class ModelAdapter:
    def __init__(self, model: nn.Module, variables):
        self.params = variables["params"]
        self.state = {k: v for k, v in variables.items() if k != "params"}
        # the season shifts, so the adapters keep normalisation adapting online
        self.apply_fn = functools.partial(model.apply, train=True)

    def __call__(self, state, features):
        return self.apply_fn({"params": self.params, **state}, features, mutable=list(state))


class ForecastFacade:
    def __init__(self, adapters: dict, weights: dict):
        self.adapters = adapters
        self.weights = weights

    def weekly_demand(self, days):
        def body(carry, day_features):
            total, states = carry
            blended, new_states = 0.0, {}
            for name, adapter in self.adapters.items():
                demand, new_states[name] = adapter(states[name], day_features)
                blended = blended + self.weights[name] * demand
            return (total + blended.sum(), new_states), blended

        states = {name: adapter.state for name, adapter in self.adapters.items()}
        (total, states), per_day = jax.lax.scan(body, (jnp.zeros(()), states), days)
        for name, adapter in self.adapters.items():
            adapter.state = states[name]
        return total, per_day


def build_facade(key, sample):
    adapters = {}
    for name, width in (("bread", 8), ("pastry", 12)):
        key, sub = jax.random.split(key)
        model = ProductLineNet(width)
        adapters[name] = ModelAdapter(model, model.init(sub, sample, train=False))
    return ForecastFacade(adapters, {"bread": 0.6, "pastry": 0.4})


def main():
    days = jax.random.normal(jax.random.key(5), (7, 4, 6))  # 7 days, 4 branches, 6 features
    facade = build_facade(jax.random.key(0), days[0])
    total, per_day = facade.weekly_demand(days)
    float(total)
    return None
