# label: ok
# flax-error: none
# class: 5 the RiskService applies the model with mutable=["batch_stats"] and keeps the stats in the fori_loop carry
"""Portfolio rebalancing service with a learned risk model (BatchNorm over factor returns)."""
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
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def predict(self, batch_stats, factors, train=False):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, factors, train=train, mutable=["batch_stats"]
        )
        return out, updates["batch_stats"]


class RiskService:
    def __init__(self, risk_model: LearnedRisk, n_assets: int, lr: float = 0.1):
        self.risk_model = risk_model
        self.n_assets = n_assets
        self.lr = lr

    def rebalance(self, history):
        n_days = history.shape[0]

        def day(i, carry):
            weights, stats = carry
            risk, stats = self.risk_model.predict(stats, history[i], train=True)
            grad = risk.mean(axis=0) * weights
            w = jax.nn.softmax(jnp.log(weights + 1e-8) - self.lr * grad)
            return w, stats

        init = (jnp.full((self.n_assets,), 1.0 / self.n_assets), self.risk_model.batch_stats)
        weights, stats = lax.fori_loop(0, n_days, day, init)
        self.risk_model.batch_stats = stats
        return weights


def main():
    n_assets = 5
    history = jax.random.normal(jax.random.key(0), (10, 4, 8)) * 0.02
    model = RiskModel(n_assets)
    variables = model.init(jax.random.key(1), history[0])
    service = RiskService(LearnedRisk(model, variables), n_assets)
    service.rebalance(history)
    return None
