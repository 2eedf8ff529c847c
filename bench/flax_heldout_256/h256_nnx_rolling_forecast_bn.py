# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls the evaluator's model, whose encoder's BatchNorm holds the batch statistics
"""Rolling weekly demand forecast: loader, model, evaluator, pipeline, main."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass
class PipelineConfig:
    n_weeks: int = 5
    n_stores: int = 4
    n_features: int = 3
    hidden: int = 8


class SalesLoader:
    def __init__(self, config: PipelineConfig):
        self.config = config

    def weekly_features(self):
        c = self.config
        base = jnp.arange(c.n_weeks * c.n_stores * c.n_features, dtype=jnp.float32)
        return jnp.sin(0.2 * base).reshape(c.n_weeks, c.n_stores, c.n_features)


class StoreEncoder(nnx.Module):
    def __init__(self, n_features, hidden, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return jax.nn.relu(self.norm(self.proj(x)))


class DemandForecaster(nnx.Module):
    def __init__(self, config: PipelineConfig, rngs: nnx.Rngs):
        self.encoder = StoreEncoder(config.n_features, config.hidden, rngs)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.encoder(x))[..., 0]


class RollingEvaluator:
    def __init__(self, model: DemandForecaster):
        self.model = model

    def run(self, weeks):
        def week_step(level, x):
            forecast = self.model(x)
            level = 0.8 * level + 0.2 * forecast
            return level, forecast

        level, forecasts = lax.scan(week_step, jnp.zeros(weeks.shape[1]), weeks)
        return level, forecasts


class ForecastPipeline:
    def __init__(self, config: PipelineConfig):
        self.loader = SalesLoader(config)
        self.evaluator = RollingEvaluator(DemandForecaster(config, nnx.Rngs(0)))

    def run(self):
        return self.evaluator.run(self.loader.weekly_features())


def main():
    level, forecasts = ForecastPipeline(PipelineConfig()).run()
    jax.block_until_ready((level, forecasts))
    return None
