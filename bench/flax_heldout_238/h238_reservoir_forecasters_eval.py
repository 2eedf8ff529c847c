# label: ok
# flax-error: none
# class: 4 the reservoir simulator's scan body asks each InflowForecaster in its list to predict; the runoff-net forecaster applies its Linen model with its stored variables in operational mode
"""Daily storage simulation of a reservoir: inflow forecasters behind a Protocol, sluice release by rule curve."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class InflowForecaster(Protocol):
    name: str

    def predict(self, features: jax.Array) -> jax.Array: ...


class RunoffNet(nn.Module):
    @nn.compact
    def __call__(self, features: jax.Array, train: bool) -> jax.Array:
        h = nn.Dense(6)(features)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


@dataclass
class ClimatologyForecaster:
    monthly_mean: float
    name: str = "climatology"

    def predict(self, features: jax.Array) -> jax.Array:
        return jnp.full(features.shape[:1], self.monthly_mean)


@dataclass
class PersistenceForecaster:
    column: int = 0
    name: str = "persistence"

    def predict(self, features: jax.Array) -> jax.Array:
        return jnp.abs(features[:, self.column])


@dataclass
class RunoffNetForecaster:
    model: RunoffNet
    variables: dict
    mode: str = "operate"
    name: str = "runoff-net"

    def predict(self, features: jax.Array) -> jax.Array:
        return self.model.apply(self.variables, features, train=self.mode == "calibrate")


@dataclass(frozen=True)
class RuleCurve:
    floor_hm3: float = 20.0
    target_hm3: float = 60.0
    max_release_hm3: float = 4.0


class ReservoirSimulator:
    def __init__(self, forecasters: list[InflowForecaster], curve: RuleCurve):
        self.forecasters = forecasters
        self.curve = curve

    def _release(self, storage: jax.Array) -> jax.Array:
        excess = jnp.maximum(storage - self.curve.target_hm3, 0.0)
        return jnp.minimum(excess, self.curve.max_release_hm3)

    def run(self, storage0: jax.Array, daily_features: jax.Array) -> tuple[jax.Array, jax.Array]:
        def day(storage, features):
            inflow = sum(f.predict(features).mean() for f in self.forecasters) / len(self.forecasters)
            release = self._release(storage + inflow)
            storage = jnp.maximum(storage + inflow - release, self.curve.floor_hm3)
            return storage, release

        return lax.scan(day, storage0, daily_features)


def main():
    days, catchments = 5, 3
    daily = jnp.tile(jnp.array([[0.4, 1.2, 0.1], [0.3, 0.9, 0.2], [0.6, 1.5, 0.0]]), (days, 1, 1))
    model = RunoffNet()
    variables = model.init(jax.random.key(2), daily[0], train=False)
    forecasters: list[InflowForecaster] = [
        ClimatologyForecaster(monthly_mean=2.5),
        PersistenceForecaster(column=1),
        RunoffNetForecaster(model, variables),
    ]
    simulator = ReservoirSimulator(forecasters, RuleCurve())
    storage, releases = simulator.run(jnp.asarray(58.0), daily)
    jax.block_until_ready((storage, releases))
    return None
