# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "stockouts" in "/" because collection "metrics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body is the policy's order_step bound with functools.partial and wrapped in jax.checkpoint; it bumps the 'metrics' counter
"""SKU replenishment policy simulated over a demand path, with a stock-out counter."""

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

N_SKUS = 3


class ReplenishmentPolicy(nn.Module):
    safety_stock: float = 0.5

    def setup(self):
        self.scorer = nn.Dense(1)
        self.stockouts = self.variable("metrics", "stockouts", jnp.zeros, (), jnp.int32)

    def prime(self, inventory, demand):
        return self.scorer(jnp.stack([inventory, demand], -1)) + self.stockouts.value

    def order_step(self, inventory, demand):
        score = self.scorer(jnp.stack([inventory, demand], -1))[..., 0]
        order = nn.softplus(score) + self.safety_stock
        inventory = inventory + order - demand
        self.stockouts.value = self.stockouts.value + jnp.sum(inventory < 0)
        return jnp.maximum(inventory, 0.0), order

    def __call__(self, demand_path):
        step = jax.checkpoint(functools.partial(ReplenishmentPolicy.order_step, self))
        _, orders = jax.lax.scan(step, jnp.ones(demand_path.shape[1:]), demand_path)
        return orders


class SimulationRunner:
    def __init__(self, policy, variables):
        self.policy = policy
        self.variables = variables

    def simulate(self, demand_path):
        orders = self.policy.apply(self.variables, demand_path)
        return {"total_ordered": orders.sum()}


def demand_path(n_days=6):
    day = jnp.arange(n_days, dtype=jnp.float32)[:, None]
    return 1.0 + 0.5 * jnp.sin(day + jnp.arange(N_SKUS, dtype=jnp.float32)) ** 2


def main():
    path = demand_path()
    policy = ReplenishmentPolicy()
    variables = policy.init(jax.random.key(0), path[0], path[0], method=ReplenishmentPolicy.prime)
    report = SimulationRunner(policy, variables).simulate(path)
    jax.block_until_ready(report)
    return None
