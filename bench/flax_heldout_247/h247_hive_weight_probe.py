# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HiveWeightModel.rollout runs fori_loop; the body calls self.encoder.step, which sows the hidden state into 'intermediates' through NectarFlowEncoder
"""Hive-scale weight forecasting with a diagnostics probe on the nectar-flow encoder."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class ApiaryConfig:
    hives: int = 3
    features: int = 4  # temperature, humidity, flight count, forage index
    hidden: int = 6
    horizon_days: int = 5


class NectarFlowEncoder(nn.Module):
    hidden: int

    def setup(self):
        self.mix = nn.Dense(self.hidden)

    def step(self, h, obs):
        h = jnp.tanh(self.mix(jnp.concatenate([h, obs], axis=-1)))
        self.sow("intermediates", "hidden", h)
        return h


class HiveWeightModel(nn.Module):
    cfg: ApiaryConfig

    def setup(self):
        self.encoder = NectarFlowEncoder(self.cfg.hidden)
        self.readout = nn.Dense(1)

    def warmup(self, obs):
        h = jnp.zeros((obs.shape[0], self.cfg.hidden))
        return self.readout(self.encoder.step(h, obs))

    def rollout(self, obs):
        h0 = jnp.zeros((obs.shape[0], self.cfg.hidden))
        h = fori_loop(0, self.cfg.horizon_days, lambda _, h: self.encoder.step(h, obs), h0)
        return self.readout(h)[..., 0]


class DiagnosticsReporter:
    def __init__(self, model: HiveWeightModel):
        self.model = model

    def collect(self, variables, obs):
        weight, state = self.model.apply(
            variables, obs, method=HiveWeightModel.rollout, mutable=["intermediates"]
        )
        probes = state["intermediates"]["encoder"]["hidden"]
        activity = jax.tree.map(lambda h: jnp.abs(h).mean(), probes)
        return weight, activity


class ApiaryForecastJob:
    def __init__(self, cfg: ApiaryConfig):
        self.cfg = cfg
        self.model = HiveWeightModel(cfg)
        self.reporter = DiagnosticsReporter(self.model)

    def observations(self):
        return jnp.tile(jnp.array([[0.6, 0.4, 0.8, 0.3]]), (self.cfg.hives, 1))

    def run(self):
        obs = self.observations()
        variables = self.model.init(jax.random.key(7), obs, method=HiveWeightModel.warmup)
        return self.reporter.collect(variables, obs)


def main():
    weight, activity = ApiaryForecastJob(ApiaryConfig()).run()
    jax.block_until_ready((weight, activity))
    return None
