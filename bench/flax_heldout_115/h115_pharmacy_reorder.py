# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_replenish_step() factory returns a step function closing over model.bind(variables, mutable=["ledger"]); the job scans it and reads the ledger afterwards
"""Pharmacy inventory replenishment: weekly reorder quantities per SKU with a shortfall ledger."""
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
    bound = model.bind(variables, mutable=["ledger"])

    def step(stock, demand):
        order = bound(demand)
        stock = jnp.maximum(stock + order - demand, 0.0)
        return stock, order

    return step, bound


class ReplenishmentJob:
    def __init__(self, model, variables):
        self.step, self._bound = make_replenish_step(model, variables)

    def run(self, demand_weeks, stock0):
        stock, orders = jax.lax.scan(self.step, stock0, demand_weeks)
        shortfall = self._bound.variables["ledger"]["shortfall"]
        return stock, orders, jnp.sum(shortfall)


def main():
    n_skus = 6
    demand = jax.random.uniform(jax.random.key(0), (12, n_skus), maxval=5.0)
    model = ReorderPolicy(n_skus=n_skus)
    variables = model.init(jax.random.key(1), demand[0])
    job = ReplenishmentJob(model, variables)
    stock, orders, total_short = job.run(demand, jnp.full((n_skus,), 10.0))
    jax.block_until_ready((stock, orders, total_short))
    return None
