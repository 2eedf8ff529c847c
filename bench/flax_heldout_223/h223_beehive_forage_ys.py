# label: ok
# flax-error: none
# class: 3 the scan body inside HiveWeightModel calls its self.encoder attribute and returns the nectar flow as a per-day output, sown after the loop
"""Beekeeping: hive scale weights over a season, with a per-day nectar flow kept for reports."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ForagingEncoder(nn.Module):
    record: bool = True

    @nn.compact
    def __call__(self, weather):
        flow = nn.softplus(nn.Dense(1)(weather)).squeeze(-1)
        if self.record:
            self.sow("intermediates", "nectar_flow", flow)
        return flow


class HiveWeightModel(nn.Module):
    def setup(self):
        self.encoder = ForagingEncoder(record=False)
        self.consumption = self.param("consumption", nn.initializers.constant(0.3), ())

    def one_day(self, weather):
        return self.encoder(weather) - self.consumption

    def __call__(self, season):
        def day(weight, weather):
            flow = self.encoder(weather)
            weight = weight + flow - self.consumption
            return weight, (weight, flow)

        final, (weights, flows) = scan(day, jnp.full(season.shape[1], 20.0), season)
        for flow in flows:
            self.sow("intermediates", "nectar_flow", flow)
        return final, weights


class SeasonReport:
    def __init__(self):
        self.rows = []

    def on_season_end(self, state):
        flows = state["intermediates"]["nectar_flow"]
        self.rows.append(jnp.mean(jnp.stack(flows)))


def main():
    model = HiveWeightModel()
    season = jax.random.normal(jax.random.key(5), (12, 3, 4))
    variables = model.init(jax.random.key(0), season[0], method=HiveWeightModel.one_day)
    params = {"params": variables["params"]}
    callbacks = [SeasonReport()]
    (final, weights), state = model.apply(params, season, mutable=["intermediates"])
    for callback in callbacks:
        callback.on_season_end(state)
    jax.block_until_ready(callbacks[0].rows)
    return None
