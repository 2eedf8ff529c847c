# label: ok
# flax-error: none
# class: 5 make_replenish_step() factory returns a step function over functools.partial(model.apply, mutable=["ledger"]); the ledger rides in the scan carry
"""Pharmacy inventory replenishment: weekly reorder quantities per SKU with a shortfall ledger.

The ledger collection is carried through the scan and handed back by apply.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ReorderPolicy(nn.Module):
    n_skus: int

    @nn.compact
    def __call__(self, demand):
        ledger = self.variable("ledger", "shortfall", lambda: jnp.zeros(self.n_skus))
        order = nn.softplus(nn.Dense(self.n_skus, name="order_head")(demand))
        ledger.value = ledger.value + jnp.maximum(demand - order, 0.0)
        return order


def make_replenish_step(model, variables):
    apply_fn = functools.partial(model.apply, mutable=["ledger"])
    params = variables["params"]

    def step(carry, demand):
        stock, ledger = carry
        order, updates = apply_fn({"params": params, "ledger": ledger}, demand)
        stock = jnp.maximum(stock + order - demand, 0.0)
        return (stock, updates["ledger"]), order

    return step, variables["ledger"]


class ReplenishmentJob:
    def __init__(self, model, variables):
        self.step, self._ledger = make_replenish_step(model, variables)

    def run(self, demand_weeks, stock0):
        (stock, ledger), orders = jax.lax.scan(self.step, (stock0, self._ledger), demand_weeks)
        self._ledger = ledger
        return stock, orders, jnp.sum(ledger["shortfall"])


def main():
    n_skus = 6
    demand = jax.random.uniform(jax.random.key(0), (12, n_skus), maxval=5.0)
    model = ReorderPolicy(n_skus=n_skus)
    variables = model.init(jax.random.key(1), demand[0])
    job = ReplenishmentJob(model, variables)
    stock, orders, total_short = job.run(demand, jnp.full((n_skus,), 10.0))
    jax.block_until_ready((stock, orders, total_short))
    return None
