# label: ok
# flax-error: none
# class: 5 a step factory closes over the bound policy; the stockout counts travel in the while_loop carry and are written to "counters" after it
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


@dataclass(frozen=True)
class PolicyConfig:
    n_skus: int = 5
    horizon_days: int = 10
    hidden: int = 8


def make_day_step(policy, demand):
    def day_step(state):
        day, stock, stockouts = state
        stockouts = stockouts + (stock < demand).astype(jnp.float32)
        stock = jnp.maximum(stock - demand, 0.0) + policy.order(stock, demand)
        return day + 1, stock, stockouts

    return day_step


class ReorderPolicy(nn.Module):
    cfg: PolicyConfig

    def setup(self):
        self.hidden = nn.Dense(self.cfg.hidden)
        self.order_head = nn.Dense(self.cfg.n_skus)
        self.stockouts = self.variable("counters", "stockouts", jnp.zeros, (self.cfg.n_skus,))

    def order(self, stock, demand):
        h = nn.relu(self.hidden(jnp.concatenate([stock, demand])))
        return nn.softplus(self.order_head(h))

    def simulate(self, stock, demand):
        step = make_day_step(self, demand)
        _, stock, stockouts = while_loop(
            lambda s: s[0] < self.cfg.horizon_days, step, (0, stock, self.stockouts.value))
        self.stockouts.value = stockouts
        return stock


class ReplenishmentService:
    def __init__(self, cfg: PolicyConfig, key):
        self.cfg = cfg
        self.policy = ReorderPolicy(cfg)
        probe = jnp.ones((cfg.n_skus,))
        self.variables = self.policy.init(key, probe, probe, method=ReorderPolicy.order)

    def simulate(self, stock, demand):
        final_stock, updates = self.policy.apply(
            self.variables, stock, demand, method=ReorderPolicy.simulate, mutable=["counters"])
        self.variables = {**self.variables, **updates}
        return final_stock

    def fill_rate(self):
        stockouts = self.variables["counters"]["stockouts"]
        return 1.0 - stockouts / self.cfg.horizon_days


def main():
    cfg = PolicyConfig()
    service = ReplenishmentService(cfg, jax.random.key(0))
    stock = jnp.array([4.0, 1.0, 6.0, 0.5, 3.0])
    demand = jnp.array([1.0, 2.0, 0.5, 1.5, 1.0])
    final_stock = service.simulate(stock, demand)
    jax.block_until_ready((final_stock, service.fill_rate()))
