# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a model.bind(variables) produced by the builder's factory method is kept by the planner and called in the scan body
"""Bike-share rebalancing planner: forecast hourly dock demand, plan truck moves per hour."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecasterConfig:
    hidden: int = 16
    stations: int = 6
    horizon: int = 12
    max_move: float = 3.0


class DemandForecaster(nn.Module):
    hidden: int
    stations: int
    train: bool = True

    @nn.compact
    def __call__(self, features):
        h = nn.Dense(self.hidden)(features)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        return nn.Dense(self.stations)(nn.relu(h))


class ForecasterBuilder:
    """Owns the module definition; hands out initialised variables and ready-to-call models."""

    def __init__(self, config: ForecasterConfig):
        self.config = config
        self.module = DemandForecaster(hidden=config.hidden, stations=config.stations)

    def initialise(self, seed: int):
        dummy = jnp.zeros((4, self.config.stations + 2))
        return self.module.init(jax.random.key(seed), dummy)

    def bound_forecaster(self, variables, train: bool = True):
        return self.module.clone(train=train).bind(variables)


class RebalancePlanner:
    def __init__(self, forecaster, config: ForecasterConfig):
        self.forecaster = forecaster
        self.config = config

    def _features(self, docks, weather):
        return jnp.concatenate([docks, jnp.broadcast_to(weather, (docks.shape[0], 2))], axis=-1)

    def plan(self, docks, weather):
        def hour(state, w):
            demand = self.forecaster(self._features(state, w))
            moves = jnp.clip(demand - state, -self.config.max_move, self.config.max_move)
            return state + moves, jnp.abs(moves).sum()

        return lax.scan(hour, docks, weather)


def main():
    config = ForecasterConfig()
    builder = ForecasterBuilder(config)
    variables = builder.initialise(0)
    planner = RebalancePlanner(builder.bound_forecaster(variables), config)
    docks = jax.random.uniform(jax.random.key(1), (4, config.stations), maxval=10.0)
    weather = jax.random.normal(jax.random.key(2), (config.horizon, 2))
    final, moved = planner.plan(docks, weather)
    jax.block_until_ready((final, moved))
    return None
