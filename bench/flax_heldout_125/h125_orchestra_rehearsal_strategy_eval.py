# label: ok
# flax-error: none
# class: 4 the batch_stats of PassageDifficultyNet reach the fori_loop body through RehearsalPlanner -> a strategy object from a decorator registry -> its model.apply call in eval mode, read only
"""Orchestra rehearsal planning: a planner asks a pluggable strategy how many minutes each
passage of the programme needs, accumulating the rehearsal plan in a fori_loop.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

STRATEGIES = {}


def register_strategy(name):
    def decorate(cls):
        STRATEGIES[name] = cls
        return cls
    return decorate


class PassageDifficultyNet(nn.Module):
    @nn.compact
    def __call__(self, passage, train: bool = False):
        h = nn.Dense(8)(passage)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


@register_strategy("sectional")
class SectionalStrategy:
    def __init__(self, model, variables, train=False):
        self.model = model
        self.variables = variables
        self.train = train

    def minutes(self, passage):
        return 10.0 * self.model.apply(self.variables, passage[None], train=self.train)[0]


@dataclass(frozen=True)
class PlannerConfig:
    strategy: str = "sectional"
    session_minutes: float = 150.0


class RehearsalPlanner:
    def __init__(self, config, model, variables):
        self.config = config
        self.strategy = STRATEGIES[config.strategy](model, variables)

    def plan(self, programme):
        def allot(i, schedule):
            return schedule.at[i].set(self.strategy.minutes(programme[i]))

        schedule = lax.fori_loop(0, programme.shape[0], allot, jnp.zeros(programme.shape[0]))
        return schedule * self.config.session_minutes / jnp.maximum(schedule.sum(), 1e-6)


def main():
    programme = jax.random.normal(jax.random.key(0), (6, 4))
    model = PassageDifficultyNet()
    variables = model.init(jax.random.key(1), programme, train=False)
    planner = RehearsalPlanner(PlannerConfig(), model, variables)
    planner.plan(programme).block_until_ready()
    return None
