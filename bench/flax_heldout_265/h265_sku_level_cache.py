# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "level" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial binds the module to a day-smoothing function that writes its "cache" variable in the fori_loop body
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import fori_loop


def _smooth_day(model, day, seen, *, sales):
    level = model.level.value
    model.level.value = (1.0 - model.alpha) * level + model.alpha * sales[day]
    return seen + 1


class SmoothedReorderModel(nn.Module):
    n_skus: int
    alpha: float = 0.3

    def setup(self):
        self.level = self.variable("cache", "level", jnp.zeros, (self.n_skus,))
        self.adjust = nn.Dense(self.n_skus)

    def reorder_qty(self, level):
        return nn.softplus(self.adjust(level))

    def __call__(self, daily_sales):
        body = functools.partial(_smooth_day, self, sales=daily_sales)
        fori_loop(0, daily_sales.shape[0], body, 0)
        return self.reorder_qty(self.level.value)


class StoreCache:
    def __init__(self, n_skus, key):
        self.model = SmoothedReorderModel(n_skus)
        self.variables = self.model.init(key, jnp.zeros((n_skus,)), method=SmoothedReorderModel.reorder_qty)

    def refresh(self, daily_sales):
        return self.model.apply(self.variables, daily_sales)


def main():
    cache = StoreCache(4, jax.random.key(0))
    daily_sales = jax.random.poisson(jax.random.key(1), 3.0, (7, 4)).astype(jnp.float32)
    jax.block_until_ready(cache.refresh(daily_sales))
