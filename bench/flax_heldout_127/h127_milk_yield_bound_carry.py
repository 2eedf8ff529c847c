# label: ok
# flax-error: none
# class: 4 a Predictor inside a HerdForecaster applies the net with batch_stats mutable; the stats ride in the scan carry and leave as the final carry
"""Herd milk-yield forecaster: rolls a per-cow daily yield net over a lactation window."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class YieldNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, feats, train: bool = True):
        h = nn.Dense(self.hidden)(feats)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(1)(h)[..., 0]


@dataclasses.dataclass(frozen=True)
class HerdConfig:
    n_cows: int = 12
    n_feats: int = 6
    window: int = 7


class Predictor:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def predict(self, batch_stats, feats):
        y, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, feats, train=True,
            mutable=["batch_stats"])
        return y, updates["batch_stats"]


class HerdForecaster:
    def __init__(self, config, model, variables):
        self.config = config
        self.model = model
        self.predictor = Predictor(model, variables["params"])
        self.batch_stats = variables["batch_stats"]

    def rolling_forecast(self, daily_feats):
        def day(carry, feats):
            totals, stats = carry
            y, stats = self.predictor.predict(stats, feats)
            return (totals + y, stats), None

        init = (jnp.zeros(self.config.n_cows), self.batch_stats)
        (totals, self.batch_stats), _ = jax.lax.scan(day, init, daily_feats)
        return totals

    def snapshot(self):
        return {"params": self.predictor.params, "batch_stats": self.batch_stats}


def main():
    cfg = HerdConfig()
    model = YieldNet()
    feats = jax.random.normal(jax.random.key(0), (cfg.window, cfg.n_cows, cfg.n_feats))
    variables = model.init(jax.random.key(1), feats[0])
    forecaster = HerdForecaster(cfg, model, variables)
    forecaster.rolling_forecast(feats)
    refreshed = forecaster.snapshot()
    model.apply(refreshed, feats[-1], train=False)
    return None
