# label: ok
# flax-error: none
# class: 5 jax.checkpoint wraps functools.partial(model.apply, variables, train=False) kept on the forecaster, and the scan body calls the wrapper
"""Ferry passenger load forecasting: roll the sailing schedule of a day, one rematerialized forecast per sailing."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class RouteConfig:
    n_sailings: int = 9
    n_features: int = 5
    vessel_capacity: float = 600.0
    refresh_statistics: bool = False


class LoadNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.sigmoid(nn.Dense(1)(nn.relu(x)))[..., 0]


class LoadForecaster:
    def __init__(self, config: RouteConfig, model, variables):
        self.config = config
        apply = functools.partial(model.apply, variables, train=config.refresh_statistics)
        self.step_apply = jax.checkpoint(apply)

    def day_plan(self, sailings):
        capacity = self.config.vessel_capacity

        def sailing(backlog, features):
            expected = capacity * self.step_apply(features).mean()
            overflow = jnp.maximum(backlog + expected - capacity, 0.0)
            return overflow, expected

        left_behind, loads = jax.lax.scan(sailing, jnp.zeros(()), sailings)
        return left_behind, loads


def main():
    config = RouteConfig()
    sailings = jax.random.uniform(jax.random.key(0), (config.n_sailings, 4, config.n_features))
    model = LoadNet()
    variables = model.init(jax.random.key(1), sailings[0])
    LoadForecaster(config, model, variables).day_plan(sailings)
    return None
