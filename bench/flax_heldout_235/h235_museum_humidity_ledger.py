# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "excursions" in "/ledger" because collection "ledger" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body in HVACController calls the attribute self.ledger, whose note() writes the 'ledger' collection
"""Gallery HVAC loop with an excursion ledger for the conservation team."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen


@dataclasses.dataclass(frozen=True)
class ControlConfig:
    galleries: int = 4
    hours: int = 6
    band: tuple[float, float] = (45.0, 55.0)
    setpoint_rh: float = 50.0
    mode: str = "track"


class HumidityLedger(linen.Module):
    band: tuple[float, float]

    def setup(self):
        self.excursions = self.variable("ledger", "excursions", lambda: jnp.zeros((), jnp.int32))

    def opening_count(self):
        return self.excursions.value

    def note(self, rh):
        if self.is_initializing():
            return rh
        low, high = self.band
        hit = jnp.any((rh < low) | (rh > high)).astype(jnp.int32)
        self.excursions.value = self.excursions.value + hit
        return rh


class HVACController(linen.Module):
    config: ControlConfig

    def setup(self):
        self.ledger = HumidityLedger(self.config.band)
        self.gain = self.param("gain", linen.initializers.constant(0.3), (self.config.galleries,))
        self.dehumidify = self.param("dehumidify", linen.initializers.constant(0.8), ())

    def __call__(self, outdoor_rh):
        opening = self.ledger.opening_count()

        def hour(indoor, outside):
            indoor = indoor + self.gain * (outside - indoor) - self.dehumidify * (indoor > self.config.setpoint_rh)
            if self.config.mode == "track":
                self.ledger.note(indoor)
            return indoor, indoor

        start = jnp.full((self.config.galleries,), self.config.setpoint_rh)
        _, indoor_series = jax.lax.scan(hour, start, outdoor_rh)
        return indoor_series, opening


class ConservationService:
    def __init__(self, config: ControlConfig):
        self.config = config

    def outdoor(self):
        c = self.config
        return jnp.broadcast_to(jnp.linspace(60.0, 72.0, c.galleries), (c.hours, c.galleries))

    def daily_run(self):
        model = HVACController(self.config)
        outdoor = self.outdoor()
        variables = model.init(jax.random.key(8), outdoor)
        series, opening = model.apply(variables, outdoor)
        return series.max(axis=0), opening


def main():
    service = ConservationService(ControlConfig())
    worst_rh, opening = service.daily_run()
    jax.block_until_ready((worst_rh, opening))
    return None
