# label: ok
# flax-error: none
# class: 5 make_monitor_step factory (nn.remat cell, fallback wrapper) threads the "calibration" collection through the fori_loop carry
"""Cold-chain monitor: flags temperature excursions in reefer containers, recalibrating sensor drift."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    sensors: int = 6
    readings_per_tick: int = 10
    ticks: int = 8
    alarm_threshold: float = 0.5


class ExcursionCell(nn.Module):
    @nn.compact
    def __call__(self, readings):
        drift = self.variable("calibration", "drift", jnp.zeros, readings.shape[-1:])
        drift.value = 0.9 * drift.value + 0.1 * readings.mean(0)
        h = nn.tanh(nn.Dense(8)(readings - drift.value))
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


RematExcursionCell = nn.remat(ExcursionCell)


def with_fallback(step):
    """Keep the loop alive if a step cannot be built for a malformed tick."""

    def guarded(i, carry):
        try:
            return step(i, carry)
        except (KeyError, IndexError):
            return carry

    return guarded


def make_monitor_step(model, params, readings, config):
    def step(i, carry):
        alarms, calibration = carry
        risk, updates = model.apply(
            {"params": params, "calibration": calibration}, readings[i], mutable=["calibration"]
        )
        return alarms + jnp.sum(risk > config.alarm_threshold), updates["calibration"]

    return step


def main():
    config = MonitorConfig()
    readings = 4.0 + jax.random.normal(
        jax.random.key(3), (config.ticks, config.readings_per_tick, config.sensors)
    )
    model = RematExcursionCell()
    variables = model.init(jax.random.key(0), readings[0])
    step = with_fallback(make_monitor_step(model, variables["params"], readings, config))
    init = (jnp.zeros((), jnp.int32), variables["calibration"])
    alarms, calibration = lax.fori_loop(0, config.ticks, step, init)
    # Persist the recalibrated drift for the container's next leg.
    drift = jnp.round(calibration["drift"], 2)
    print("alarms", int(alarms), "drift", drift)
    return None
