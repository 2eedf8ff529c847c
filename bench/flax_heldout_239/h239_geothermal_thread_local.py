# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak" in "/" because collection "well_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a functools.partial step built by make_step reads the thread-local active_well() session and applies its model with update_stats on
"""Reservoir pressure tracker used by the geothermal plant's per-thread workers."""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan as lax_scan

_local = threading.local()


class PressureTracker(nn.Module):
    zones: int
    decay: float = 0.8

    @nn.compact
    def __call__(self, pressure, update_stats: bool):
        peak = self.variable("well_state", "peak", jnp.zeros, (self.zones,))
        smoothed = nn.Dense(self.zones, name="smooth")(pressure)
        if update_stats and not self.is_initializing():
            peak.value = jnp.maximum(self.decay * peak.value, smoothed)
        return smoothed - peak.value


@dataclass
class WellSession:
    well_id: str
    model: PressureTracker
    variables: dict


def active_well() -> WellSession:
    return _local.session


def activate(session: WellSession) -> None:
    _local.session = session


@dataclass(frozen=True)
class StepConfig:
    mode: str = "train"


def _advance(config: StepConfig, drift, pressure):
    session = active_well()
    out = session.model.apply(session.variables, pressure, update_stats=config.mode == "train")
    return drift + out.mean(), out.max()


def make_step(config: StepConfig):
    return functools.partial(_advance, config)


def run_shift(pressures, config: StepConfig):
    return lax_scan(make_step(config), jnp.zeros(()), pressures)


def main():
    zones = 4
    model = PressureTracker(zones)
    activate(WellSession("TR-07", model, model.init(jax.random.key(2), jnp.ones((zones,)), update_stats=False)))
    pressures = jnp.broadcast_to(jnp.array([12.0, 11.5, 13.2, 12.7]) / 10.0, (5, zones))
    drift, peaks = run_shift(pressures, StepConfig(mode="train"))
    jax.block_until_ready((drift, peaks))
    return None
