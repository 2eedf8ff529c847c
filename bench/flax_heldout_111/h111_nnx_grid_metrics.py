# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the DispatchEvaluator's callback list holds a MetricsCallback whose nnx.metrics.Average is updated from inside the scan body
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
            for callback in self.callbacks:
                callback.on_step(err)
            return jnp.maximum(worst, err.max()), err.mean()

        return scan(feeder, 0.0, (feats, actual))


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
