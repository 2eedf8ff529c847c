# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module bound with mutable batch_stats by a builder function, held by a Predictor inside a HerdForecaster, is called in the scan body
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


def build_bound_predictor(model, variables):
    """Bind once so callers can run the net without threading variables around."""
    return model.bind(variables, mutable=["batch_stats"])


class Predictor:
    def __init__(self, bound):
        self.bound = bound

    def predict(self, feats):
        return self.bound(feats, train=True)

    def export_variables(self):
        return self.bound.variables


class HerdForecaster:
    def __init__(self, config, model, variables):
        self.config = config
        self.model = model
        self.predictor = Predictor(build_bound_predictor(model, variables))

    def rolling_forecast(self, daily_feats):
        def day(totals, feats):
            return totals + self.predictor.predict(feats), None

        totals, _ = jax.lax.scan(day, jnp.zeros(self.config.n_cows), daily_feats)
        return totals

    def snapshot(self):
        return self.predictor.export_variables()


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
