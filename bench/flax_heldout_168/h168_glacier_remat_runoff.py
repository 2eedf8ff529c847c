# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls a melt cell wrapped with nn.remat (created in setup) to save activation memory over long seasons
"""Glacier meltwater runoff forecaster: a recurrent melt cell steps through daily temperature,
radiation and snow-depth readings; the cell is rematerialised because seasons are long."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RunoffConfig:
    hidden: int = 12
    season_days: int = 30
    sensors: int = 3

    @classmethod
    def from_dict(cls, raw: dict) -> "RunoffConfig":
        return cls(**{k: v for k, v in raw.items() if k in cls.__dataclass_fields__})


class MeltCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, state, reading):
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(jnp.concatenate([state, reading])))
        melt = nn.tanh(nn.Dense(self.hidden, name="melt")(reading))
        return gate * state + (1.0 - gate) * melt


class RunoffForecaster(nn.Module):
    config: RunoffConfig

    def setup(self):
        self.cell = nn.remat(MeltCell)(self.config.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, season):
        state0 = jnp.zeros((self.config.hidden,))
        if self.is_initializing():
            self.readout(self.cell(state0, season[0]))

        def day(state, reading):
            state = self.cell(state, reading)
            return state, nn.softplus(self.readout(state))[0]

        _, runoff = jax.lax.scan(day, state0, season)
        return runoff


class RunoffService:
    def __init__(self, raw_config: dict, seed: int = 0):
        self.config = RunoffConfig.from_dict(raw_config)
        self.model = RunoffForecaster(self.config)
        sample = jnp.zeros((self.config.season_days, self.config.sensors))
        self.params = self.model.init(jax.random.key(seed), sample)["params"]

    def seasonal_total(self, season):
        return self.model.apply({"params": self.params}, season).sum()


def main():
    service = RunoffService({"hidden": 12, "season_days": 30, "sensors": 3, "region": "alps"})
    season = jax.random.normal(jax.random.key(6), (30, 3))
    float(service.seasonal_total(season))
    return None
