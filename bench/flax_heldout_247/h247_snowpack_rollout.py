# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 RolloutModel.__call__ template runs lax.scan and calls advance(); the subclass reaches its setup attribute self.layer_cell inside the body
"""Multi-day snowpack rollouts for the regional avalanche bulletin.

The bulletin models share one rollout template: a latent snowpack state is advanced once per
forecast day from that day's meteorological forcing and read out as a hazard score.
"""
from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class ForcingSpec:
    variables: Sequence[str] = ("new_snow_cm", "wind_ms", "air_temp_c", "rh")
    days: int = 4
    stations: int = 2


@dataclass(frozen=True)
class RolloutSettings:
    latent: int = 8
    forcing: ForcingSpec = field(default_factory=ForcingSpec)


class RolloutModel(nn.Module, abc.ABC):
    settings: RolloutSettings

    @abc.abstractmethod
    def initial_state(self, forcing): ...

    @abc.abstractmethod
    def advance(self, state, day_forcing): ...

    @abc.abstractmethod
    def read_out(self, state): ...

    def __call__(self, forcing):
        state0 = self.initial_state(forcing)

        def day(state, day_forcing):
            state = self.advance(state, day_forcing)
            return state, self.read_out(state)

        _, hazard = lax.scan(day, state0, forcing)
        return hazard


class SnowpackRollout(RolloutModel):
    def setup(self):
        self.layer_cell = nn.Dense(self.settings.latent, name="layer_cell")
        self.hazard_head = nn.Dense(1, name="hazard_head")

    def initial_state(self, forcing):
        return jnp.zeros((forcing.shape[1], self.settings.latent), forcing.dtype)

    def advance(self, state, day_forcing):
        return jnp.tanh(self.layer_cell(jnp.concatenate([state, day_forcing], axis=-1)))

    def read_out(self, state):
        return nn.sigmoid(self.hazard_head(state))[..., 0]


class BulletinForecaster:
    def __init__(self, settings: RolloutSettings, model_cls=SnowpackRollout):
        self.settings = settings
        self.model = model_cls(settings)
        self.variables = None

    def _forcing(self):
        spec = self.settings.forcing
        return jnp.full((spec.days, spec.stations, len(spec.variables)), 0.5)

    def calibrate(self, seed: int = 0):
        self.variables = self.model.init(jax.random.key(seed), self._forcing())

    def bulletin(self):
        return self.model.apply(self.variables, self._forcing())


def main():
    forecaster = BulletinForecaster(RolloutSettings())
    forecaster.calibrate()
    hazard = forecaster.bulletin()
    jax.block_until_ready(hazard)
    return None
