# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a functools.partial(model.apply, train=True) kept on a GravityPredictor, reached by a BatchScorer through its injected predictor
"""Batch scoring of fermentation gravity curves for a brewery tank-monitoring service."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class TankConfig:
    sensors: int = 6
    hidden: int = 16
    readings: int = 12
    probes: int = 4
    seed: int = 0


class GravityNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.hidden, name="embed")(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(1, name="head")(nn.gelu(h))


class GravityPredictor:
    """Owns the variables; exposes a forward pass that adapts to the tank's batch statistics."""

    def __init__(self, cfg: TankConfig):
        self.model = GravityNet(cfg.hidden)
        sample = jnp.zeros((2, cfg.sensors))
        self.variables = self.model.init(jax.random.key(cfg.seed), sample)
        self.forward = functools.partial(self.model.apply, train=True)

    def predict(self, readings):
        return self.forward(self.variables, readings)


class BatchScorer:
    def __init__(self, predictor: GravityPredictor, alarm_level: float = 1.5):
        self.predictor = predictor
        self.alarm_level = alarm_level

    def score_tank(self, series):
        def step(alarms, reading):
            gravity = self.predictor.predict(reading).mean()
            return alarms + (gravity > self.alarm_level), gravity

        alarms, curve = lax.scan(step, jnp.zeros((), jnp.int32), series)
        return alarms, curve


def main():
    cfg = TankConfig()
    scorer = BatchScorer(GravityPredictor(cfg))
    series = jax.random.normal(jax.random.key(1), (cfg.readings, cfg.probes, cfg.sensors))
    alarms, curve = scorer.score_tank(series)
    print("alarms", int(alarms), "final gravity", float(curve[-1]))
    return None
