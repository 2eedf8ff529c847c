# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a RiskService stores a partial of model.apply (no mutable) and the fori_loop body calls it through service.risk_model
"""Portfolio rebalancing service with a learned risk model (BatchNorm over factor returns)."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RiskModel(nn.Module):
    n_assets: int

    @nn.compact
    def __call__(self, factor_returns, train: bool = False):
        h = nn.Dense(32)(factor_returns)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.tanh(h)
        return nn.softplus(nn.Dense(self.n_assets)(h))


class LearnedRisk:
    def __init__(self, model, variables):
        self.apply = functools.partial(model.apply, variables)

    def predict(self, factors, train=False):
        return self.apply(factors, train=train)


class RiskService:
    def __init__(self, risk_model: LearnedRisk, n_assets: int, lr: float = 0.1):
        self.risk_model = risk_model
        self.n_assets = n_assets
        self.lr = lr

    def rebalance(self, history):
        n_days = history.shape[0]

        def day(i, weights):
            risk = self.risk_model.predict(history[i], train=True)
            grad = risk.mean(axis=0) * weights
            w = jax.nn.softmax(jnp.log(weights + 1e-8) - self.lr * grad)
            return w

        return lax.fori_loop(0, n_days, day, jnp.full((self.n_assets,), 1.0 / self.n_assets))


def main():
    n_assets = 5
    history = jax.random.normal(jax.random.key(0), (10, 4, 8)) * 0.02
    model = RiskModel(n_assets)
    variables = model.init(jax.random.key(1), history[0])
    service = RiskService(LearnedRisk(model, variables), n_assets)
    service.rebalance(history)
    return None
