# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "days_seen" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step factory registered with @register_step('restock') closes over model and variables; the scan step calls model.apply, which writes the 'counters' collection
"""Hospital pharmacy replenishment: registered step factories drive order simulations."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

STEP_FACTORIES = {}


def register_step(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorator


class DemandModel(nn.Module):
    @nn.compact
    def __call__(self, sales):
        days_seen = self.variable("counters", "days_seen", lambda: jnp.zeros((), jnp.int32))
        days_seen.value = days_seen.value + 1
        return nn.softplus(nn.Dense(sales.shape[-1])(sales))


@dataclass(frozen=True)
class ReplenishmentConfig:
    kind: str = "restock"
    safety_factor: float = 1.3
    opening_stock: float = 20.0


@register_step("restock")
def make_restock_step(model, variables, config):
    def step(stock, sales):
        demand = model.apply(variables, sales)
        order = jnp.maximum(demand * config.safety_factor - stock, 0.0)
        return stock + order - sales, order

    return step


class ReplenishmentJob:
    def __init__(self, model, variables, config):
        self.config = config
        self.step = STEP_FACTORIES[config.kind](model, variables, config)

    def run(self, history):
        stock = jnp.full(history.shape[1:], self.config.opening_stock)
        _, orders = lax.scan(self.step, stock, history)
        return orders


def main():
    model = DemandModel()
    history = jax.random.uniform(jax.random.key(8), (10, 6), maxval=5.0)
    variables = model.init(jax.random.key(9), history[0])
    job = ReplenishmentJob(model, variables, ReplenishmentConfig())
    print(job.run(history).sum())
    return None
