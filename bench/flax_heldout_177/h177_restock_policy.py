# label: same-values
# flax-error: none
# class: 4 ReplenishmentOptimizer.simulator.policy is a functools.partial(model.apply, variables, rngs={'dropout': key}) built once; the fori_loop body calls it every day
"""Stock replenishment optimiser: a Monte-Carlo-dropout order policy is rolled over the planning
horizon to see how much the suggested order quantities wobble. The configuration is validated and
frozen, the simulator keeps a partial of model.apply with its dropout key, and the optimiser owns
the day loop."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class ReplenishConfig:
    horizon: int
    skus: int
    max_order: float
    dropout: float

    @classmethod
    def validated(cls, **fields):
        if fields["horizon"] < 2:
            raise ValueError("horizon must cover at least two days")
        if not 0.0 < fields["dropout"] < 1.0:
            raise ValueError("dropout rate must be in (0, 1)")
        return cls(**fields)


class OrderPolicy(nn.Module):
    cfg: ReplenishConfig

    @nn.compact
    def __call__(self, stock, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(stock))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return self.cfg.max_order * nn.sigmoid(nn.Dense(self.cfg.skus)(h))


class DemandSimulator:
    def __init__(self, model, variables, key):
        self.policy = functools.partial(model.apply, variables, deterministic=False, rngs={"dropout": key})

    def orders(self, stock, day):
        return self.policy(stock)


class ReplenishmentOptimizer:
    def __init__(self, cfg, simulator):
        self.cfg = cfg
        self.simulator = simulator

    def plan(self, stock):
        def body(day, plan):
            return plan.at[day].set(self.simulator.orders(stock, day))

        return lax.fori_loop(0, self.cfg.horizon, body, jnp.zeros((self.cfg.horizon, self.cfg.skus)))


def main():
    cfg = ReplenishConfig.validated(horizon=7, skus=5, max_order=40.0, dropout=0.3)
    model = OrderPolicy(cfg)
    stock = jnp.array([12.0, 3.0, 0.0, 25.0, 8.0])
    variables = model.init(jax.random.key(0), stock)
    optimizer = ReplenishmentOptimizer(cfg, DemandSimulator(model, variables, jax.random.key(1)))
    return optimizer.plan(stock)
