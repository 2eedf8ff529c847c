# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls dashboard.forecaster.model, which normalises through its encoder.norm BatchNorm
"""Stadium gate crowd-density dashboard.

Every refresh, the safety dashboard asks the gate forecaster for the crowd
density at each gate over the recent sensor intervals and keeps the peak, so
stewards can be sent to the gates that are about to overflow.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class GateConfig:
    sensors: int = 5
    width: int = 8
    gates: int = 3


class CrowdEncoder(nnx.Module):
    def __init__(self, config: GateConfig, rngs: nnx.Rngs):
        self.proj = nnx.Linear(config.sensors, config.width, rngs=rngs)
        self.norm = nnx.BatchNorm(config.width, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.proj(x)))


class DensityModel(nnx.Module):
    def __init__(self, config: GateConfig, rngs: nnx.Rngs):
        self.encoder = CrowdEncoder(config, rngs)
        self.head = nnx.Linear(config.width, config.gates, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(self.encoder(x)))


class GateForecaster:
    def __init__(self, model: DensityModel):
        self.model = model

    def density(self, feed):
        return self.model(feed)


class SafetyDashboard:
    def __init__(self, forecaster: GateForecaster, config: GateConfig):
        self.forecaster = forecaster
        self.config = config

    def refresh(self, feeds):
        def interval(i, peak):
            return jnp.maximum(peak, self.forecaster.density(feeds[i]).max(axis=0))

        return lax.fori_loop(0, feeds.shape[0], interval, jnp.zeros((self.config.gates,)))


def main():
    config = GateConfig()
    model = DensityModel(config, nnx.Rngs(0))
    dashboard = SafetyDashboard(GateForecaster(model), config)
    dashboard.refresh(jax.random.uniform(jax.random.key(1), (4, 6, config.sensors)))
    return None
