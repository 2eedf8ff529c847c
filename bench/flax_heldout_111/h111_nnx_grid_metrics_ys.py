# label: ok
# flax-error: none
# class: 4 the scan body returns the per-feeder errors as ys; the DispatchEvaluator's callback list updates its nnx.metrics.Average with them after the loop
"""Smart-grid demand response: evaluates the day-ahead load forecaster feeder by feeder during a
demand response event, reporting the mean absolute error through evaluation callbacks."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclass(frozen=True)
class FeederConfig:
    n_feeders: int = 7
    n_feats: int = 6
    horizon: int = 4


class LoadForecaster(nnx.Module):
    def __init__(self, cfg: FeederConfig, rngs: nnx.Rngs):
        self.proj = nnx.Linear(cfg.n_feats, 16, rngs=rngs)
        self.head = nnx.Linear(16, cfg.horizon, rngs=rngs)

    def __call__(self, feats):
        return self.head(nnx.gelu(self.proj(feats)))


class MetricsCallback:
    def __init__(self):
        self.mae = nnx.metrics.Average()

    def on_step(self, abs_errors):
        self.mae.update(values=abs_errors)

    def report(self):
        return float(self.mae.compute())


class DispatchEvaluator:
    def __init__(self, model: LoadForecaster, callbacks):
        self.model = model
        self.callbacks = callbacks

    def evaluate(self, feats, actual):
        def feeder(worst, xs):
            f, y = xs
            err = jnp.abs(self.model(f) - y)
            return jnp.maximum(worst, err.max()), err

        worst, errors = scan(feeder, 0.0, (feats, actual))
        for callback in self.callbacks:
            callback.on_step(errors)
        return worst, errors.mean(axis=1)


def main():
    cfg = FeederConfig()
    model = LoadForecaster(cfg, nnx.Rngs(0))
    metrics = MetricsCallback()
    evaluator = DispatchEvaluator(model, [metrics])
    feats = jax.random.normal(jax.random.key(1), (cfg.n_feeders, cfg.n_feats))
    actual = jax.random.normal(jax.random.key(2), (cfg.n_feeders, cfg.horizon))
    worst, _ = evaluator.evaluate(feats, actual)
    print(float(worst), metrics.report())
    return None
