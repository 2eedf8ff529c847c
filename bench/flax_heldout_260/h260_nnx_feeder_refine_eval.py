# label: ok
# flax-error: none
# class: 4 FeederForecastService.refine reaches the correction model, switched to evaluation mode, through self.pipeline.model inside the while_loop body
"""Feeder load forecast: iterative residual refinement until corrections settle."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ResidualCorrector(nnx.Module):
    def __init__(self, horizon: int, hidden: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(2 * horizon, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(hidden, horizon, rngs=rngs)

    def __call__(self, forecast, weather_delta):
        h = nnx.tanh(self.inp(jnp.concatenate([forecast, weather_delta], axis=-1)))
        return 0.1 * self.out(self.drop(h))


@dataclasses.dataclass
class RefinePolicy:
    max_iters: int = 5
    tol_mw: float = 0.05


class ForecastPipeline:
    def __init__(self, model: ResidualCorrector, policy: RefinePolicy):
        self.model = model
        self.policy = policy


class FeederForecastService:
    def __init__(self, pipeline: ForecastPipeline):
        self.pipeline = pipeline
        self.pipeline.model.eval()

    def refine(self, base_forecast, weather_delta):
        policy = self.pipeline.policy

        def not_settled(state):
            it, _, change = state
            return (it < policy.max_iters) & (change > policy.tol_mw)

        def refine_once(state):
            it, forecast, _ = state
            correction = self.pipeline.model(forecast, weather_delta)
            return it + 1, forecast + correction, jnp.max(jnp.abs(correction))

        init = (jnp.int32(0), base_forecast, jnp.float32(jnp.inf))
        _, forecast, _ = lax.while_loop(not_settled, refine_once, init)
        return forecast


def main():
    horizon = 8
    base = 5.0 + jnp.sin(jnp.arange(horizon, dtype=jnp.float32))[None].repeat(4, axis=0)
    delta = 0.5 * jax.random.normal(jax.random.key(3), (4, horizon))
    model = ResidualCorrector(horizon, 16, nnx.Rngs(0))
    service = FeederForecastService(ForecastPipeline(model, RefinePolicy()))
    jax.block_until_ready(service.refine(base, delta))
    return None
