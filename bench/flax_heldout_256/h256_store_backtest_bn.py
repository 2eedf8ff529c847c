# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the recurrent model's self.norm attribute (a BatchNorm) is called inside the scan body during a backtest apply
"""Store-level demand backtest: loader, recurrent model, backtester, main."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass
class BacktestConfig:
    n_weeks: int = 6
    n_stores: int = 3
    n_features: int = 4
    train_mode: bool = True


class StoreHistoryLoader:
    def __init__(self, config: BacktestConfig):
        self.config = config

    def weeks(self):
        cfg = self.config
        week = jnp.arange(cfg.n_weeks, dtype=jnp.float32)[:, None, None]
        store = jnp.arange(cfg.n_stores, dtype=jnp.float32)[None, :, None]
        feat = jnp.arange(cfg.n_features, dtype=jnp.float32)[None, None, :]
        return jnp.cos(0.3 * week + store) + 0.1 * feat


class RecurrentDemandModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.95)
        self.head = nn.Dense(1)

    def warmup(self, week):
        return self.head(self.norm(self.embed(week), use_running_average=True))

    def __call__(self, weeks, train: bool):
        embedded = self.embed(weeks)

        def week_step(state, e):
            state = self.norm(0.5 * state + e, use_running_average=not train)
            return state, self.head(state)[..., 0]

        init = jnp.zeros(embedded.shape[1:])
        _, demand = scan(week_step, init, embedded)
        return demand


class Backtester:
    def __init__(self, model, variables, config: BacktestConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def run(self, weeks):
        forecast = self.model.apply(self.variables, weeks[:-1], train=self.config.train_mode)
        return jnp.mean((forecast[-1] - weeks[-1].sum(-1)) ** 2)


def main():
    config = BacktestConfig()
    weeks = StoreHistoryLoader(config).weeks()
    model = RecurrentDemandModel()
    variables = model.init(jax.random.key(0), weeks[0], method=RecurrentDemandModel.warmup)
    error = Backtester(model, variables, config).run(weeks)
    jax.block_until_ready(error)
    return None
