# label: ok
# flax-error: none
# class: 4 functools.partial(model.apply, variables, train=False) kept on a HiveEvaluator, reached through ApiaryTrainer.evaluator.forward
"""Beehive weight monitoring: validates a nectar-flow model on a season of daily hive-scale readings."""
import functools
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True)
class ApiaryConfig:
    hives: int = 5
    features: int = 4  # weight delta, brood temp, humidity, forager count
    hidden: int = 16


class NectarFlowNet(nn.Module):
    cfg: ApiaryConfig

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.cfg.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class HiveEvaluator:
    def __init__(self, model, variables):
        self.forward = functools.partial(model.apply, variables, train=False)

    def season_error(self, days, targets):
        def body(total, batch):
            x, y = batch
            return total + jnp.mean((self.forward(x) - y) ** 2), None

        total, _ = lax.scan(body, jnp.float32(0.0), (days, targets))
        return total / days.shape[0]


class ApiaryTrainer:
    def __init__(self, cfg: ApiaryConfig):
        self.cfg = cfg
        self.model = NectarFlowNet(cfg)
        self.evaluator = None

    def restore(self, sample):
        variables = self.model.init(jax.random.key(0), sample)
        self.evaluator = HiveEvaluator(self.model, variables)
        return self

    def validate(self, days, targets):
        return self.evaluator.season_error(days, targets)


def main():
    cfg = ApiaryConfig()
    days = jax.random.normal(jax.random.key(1), (30, cfg.hives, cfg.features))
    targets = days[..., 0] * 0.3
    ApiaryTrainer(cfg).restore(days[0]).validate(days, targets)
