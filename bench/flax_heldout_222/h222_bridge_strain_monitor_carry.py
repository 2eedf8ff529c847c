# label: ok
# flax-error: none
# class: 4 StrainMonitor -> SensorHelper -> model.bind(..., mutable=["telemetry"]); the scan body calls the pure calibrate method and the sample count leaves through the carry
"""Bridge load monitoring: calibrate a day of strain-gauge readings per span and raise alarms."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class SpanConfig:
    n_gauges: int = 6
    hidden: int = 16
    hours: int = 24
    alarm_microstrain: float = 2.5


class StrainCalibrator(nn.Module):
    cfg: SpanConfig

    def setup(self):
        self.embed = nn.Dense(self.cfg.hidden)
        self.head = nn.Dense(self.cfg.n_gauges)
        self.samples = self.variable("telemetry", "samples", lambda: jnp.zeros((self.cfg.n_gauges,), jnp.int32))

    def calibrate(self, reading):
        return self.head(nn.tanh(self.embed(reading)))

    def record(self, n):
        self.samples.value = self.samples.value + n

    def __call__(self, reading):
        if not self.is_initializing():
            self.record(1)
        return self.calibrate(reading)


class SensorHelper:
    """Keeps a bound calibrator so callers need not thread variables around."""

    def __init__(self, model: StrainCalibrator, variables):
        self.bound = model.bind(variables, mutable=["telemetry"])

    def calibrated(self, reading):
        return self.bound.calibrate(reading)

    def add_samples(self, n):
        self.bound.record(n)

    def samples_seen(self) -> int:
        return int(jnp.sum(self.bound.variables["telemetry"]["samples"]))


class StrainMonitor:
    def __init__(self, cfg: SpanConfig, helper: SensorHelper):
        self.cfg = cfg
        self.helper = helper

    def run_day(self, readings):
        def hour(carry, reading):
            peak, n = carry
            strain = self.helper.calibrated(reading)
            return (jnp.maximum(peak, jnp.abs(strain)), n + 1), strain.mean()

        (peak, n), means = jax.lax.scan(hour, (jnp.zeros(self.cfg.n_gauges), jnp.zeros((), jnp.int32)), readings)
        self.helper.add_samples(n)
        return peak, means

    def report(self, peak):
        alarms = int((peak > self.cfg.alarm_microstrain).sum())
        return {"alarms": alarms, "samples": self.helper.samples_seen()}


def main():
    cfg = SpanConfig()
    model = StrainCalibrator(cfg)
    readings = jax.random.normal(jax.random.key(0), (cfg.hours, cfg.n_gauges))
    variables = model.init(jax.random.key(1), readings[0])
    monitor = StrainMonitor(cfg, SensorHelper(model, variables))
    peak, _ = monitor.run_day(readings)
    monitor.report(peak)
    return None
