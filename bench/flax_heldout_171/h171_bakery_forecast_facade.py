# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a ForecastFacade's dict of ModelAdapters, each holding functools.partial(model.apply, train=True) and its variables, is called in the scan body
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

    def __call__(self, features):
        return self.apply_fn({"params": self.params, **self.state}, features)


class ForecastFacade:
    def __init__(self, adapters: dict, weights: dict):
        self.adapters = adapters
        self.weights = weights

    def weekly_demand(self, days):
        def body(total, day_features):
            blended = sum(self.weights[name] * adapter(day_features) for name, adapter in self.adapters.items())
            return total + blended.sum(), blended

        total, per_day = jax.lax.scan(body, jnp.zeros(()), days)
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
