# label: ok
# flax-error: none
# class: 5 functools.partial builds the fori_loop body; the smoothed level enters and leaves as the carry and the cache stores it
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import fori_loop


def _smooth_day(day, level, *, alpha, sales):
    return (1.0 - alpha) * level + alpha * sales[day]


class SmoothedReorderModel(nn.Module):
    n_skus: int
    alpha: float = 0.3

    def setup(self):
        self.level = self.variable("cache", "level", jnp.zeros, (self.n_skus,))
        self.adjust = nn.Dense(self.n_skus)

    def reorder_qty(self, level):
        return nn.softplus(self.adjust(level))

    def __call__(self, daily_sales):
        body = functools.partial(_smooth_day, alpha=self.alpha, sales=daily_sales)
        level = fori_loop(0, daily_sales.shape[0], body, self.level.value)
        return self.reorder_qty(level), level


class StoreCache:
    def __init__(self, n_skus, key):
        self.model = SmoothedReorderModel(n_skus)
        self.variables = self.model.init(key, jnp.zeros((n_skus,)), method=SmoothedReorderModel.reorder_qty)

    def refresh(self, daily_sales):
        qty, level = self.model.apply(self.variables, daily_sales)
        self.variables = {**self.variables, "cache": {"level": level}}
        return qty


def main():
    cache = StoreCache(4, jax.random.key(0))
    daily_sales = jax.random.poisson(jax.random.key(1), 3.0, (7, 4)).astype(jnp.float32)
    jax.block_until_ready(cache.refresh(daily_sales))
    jax.block_until_ready(cache.refresh(daily_sales * 1.5))
