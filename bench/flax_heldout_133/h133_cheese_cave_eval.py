# label: ok
# flax-error: none
# class: 4 a RipeningScheduler holds a RindEvaluator that keeps functools.partial(model.apply, variables, train=False) built from a nested CaveConfig; the while_loop body calls scheduler.evaluator.score
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class HumidityConfig:
    target: float = 0.92
    tolerance: float = 0.05


@dataclass(frozen=True)
class RipeningConfig:
    weeks: int = 10
    hidden: int = 6


@dataclass(frozen=True)
class CaveConfig:
    humidity: HumidityConfig = field(default_factory=HumidityConfig)
    ripening: RipeningConfig = field(default_factory=RipeningConfig)


class RindModel(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, climate, train: bool = True):
        h = nn.Dense(self.hidden)(climate)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h))


class RindEvaluator:
    def __init__(self, model, variables):
        self.score_fn = functools.partial(model.apply, variables, train=False)

    def score(self, climate):
        return self.score_fn(climate).mean()


class RipeningScheduler:
    def __init__(self, cfg: CaveConfig, evaluator: RindEvaluator):
        self.cfg = cfg
        self.evaluator = evaluator

    def weeks_until_ready(self, climate):
        target = self.cfg.humidity.target

        def cond(state):
            week, quality, _ = state
            return (week < self.cfg.ripening.weeks) & (quality < target)

        def body(state):
            week, quality, c = state
            c = c * 0.98 + 0.02
            return week + 1, self.evaluator.score(c), c

        week, _, _ = lax.while_loop(cond, body, (0, jnp.zeros(()), climate))
        return week


def main():
    cfg = CaveConfig()
    model = RindModel(cfg.ripening.hidden)
    climate = jnp.linspace(0.5, 1.0, 4 * 3).reshape(4, 3)
    variables = model.init(jax.random.key(0), climate, train=False)
    scheduler = RipeningScheduler(cfg, RindEvaluator(model, variables))
    jax.block_until_ready(scheduler.weeks_until_ready(climate))
    return None
