# label: ok
# flax-error: none
# class: 4 HiveWeightModel.rollout runs fori_loop over self.encoder.step; the hidden states are collected in the loop carry and sown once after the loop
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
        return jnp.tanh(self.mix(jnp.concatenate([h, obs], axis=-1)))

    def record(self, history):
        self.sow("intermediates", "hidden", history)


class HiveWeightModel(nn.Module):
    cfg: ApiaryConfig

    def setup(self):
        self.encoder = NectarFlowEncoder(self.cfg.hidden)
        self.readout = nn.Dense(1)

    def warmup(self, obs):
        h = jnp.zeros((obs.shape[0], self.cfg.hidden))
        return self.readout(self.encoder.step(h, obs))

    def rollout(self, obs):
        days = self.cfg.horizon_days
        h0 = jnp.zeros((obs.shape[0], self.cfg.hidden))
        history0 = jnp.zeros((days,) + h0.shape)

        def day(i, carry):
            h, history = carry
            h = self.encoder.step(h, obs)
            return h, history.at[i].set(h)

        h, history = fori_loop(0, days, day, (h0, history0))
        self.encoder.record(history)
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
