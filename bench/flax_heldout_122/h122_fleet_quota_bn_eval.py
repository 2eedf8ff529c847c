# label: ok
# flax-error: none
# class: 4 the BatchNorm stats reach the scan body through QuotaService.evaluator -> SeasonEvaluator.forecast, a partial(model.apply, variables) pinned to inference mode
"""Fishing fleet quota planning: roll a landings forecaster over the weeks of a season and
draw the remaining quota down week by week."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    species: int = 4
    train: bool = True  # copied from the training job's config


class LandingsForecaster(nn.Module):
    cfg: ForecastConfig

    @nn.compact
    def __call__(self, effort, train: bool):
        h = nn.Dense(self.cfg.hidden)(effort)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(self.cfg.species)(nn.relu(h))


class SeasonEvaluator:
    """Wraps the trained forecaster for planning queries."""

    def __init__(self, model, variables, cfg: ForecastConfig):
        self.cfg = cfg
        self.forecast = functools.partial(model.apply, variables, train=False)  # planning never updates stats

    def landings(self, effort):
        return jnp.maximum(self.forecast(effort), 0.0).sum(axis=0)


class QuotaService:
    def __init__(self, evaluator: SeasonEvaluator, quota):
        self.evaluator = evaluator
        self.quota = quota

    def plan_season(self, weekly_effort):
        def week(remaining, effort):
            caught = self.evaluator.landings(effort)
            remaining = jnp.maximum(remaining - caught, 0.0)
            return remaining, caught

        return jax.lax.scan(week, self.quota, weekly_effort)


def main():
    cfg = ForecastConfig()
    model = LandingsForecaster(cfg)
    effort = jax.random.uniform(jax.random.key(0), (12, 6, 5))  # weeks x vessels x features
    variables = model.init(jax.random.key(1), effort[0], train=False)
    service = QuotaService(SeasonEvaluator(model, variables, cfg), jnp.full((cfg.species,), 50.0))
    remaining, caught = service.plan_season(effort)
    jax.block_until_ready(remaining)
    return None
