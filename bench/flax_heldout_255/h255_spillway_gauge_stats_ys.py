# label: ok
# flax-error: none
# class: 4 batch stats start from monitor.trainer.cache (a trainer object holding a StatsCache), travel in the carry of a module-level step bound with functools.partial, leave as the scan ys and are stored after the loop
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GaugeConfig:
    n_gauges: int = 4
    hidden: int = 8
    calibration_sweeps: int = 5
    seed: int = 11


class GaugeNormalizer(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, train: bool = True):
        h = nn.Dense(self.hidden, name="embed")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="norm")(h)
        return nn.Dense(1, name="discharge")(nn.relu(h))


class StatsCache:
    """Holds the most recent normalisation statistics of the spillway gauges."""

    def __init__(self, batch_stats):
        self.latest = batch_stats
        self.sweeps_seen = 0

    def store(self, batch_stats, sweeps: int = 1):
        self.latest = batch_stats
        self.sweeps_seen += sweeps


class CalibrationTrainer:
    def __init__(self, model: GaugeNormalizer, variables, cache: StatsCache):
        self.model = model
        self.params = variables["params"]
        self.cache = cache


def _sweep(trainer: CalibrationTrainer, readings, carry, _):
    total, batch_stats = carry
    variables = {"params": trainer.params, "batch_stats": batch_stats}
    discharge, updates = trainer.model.apply(variables, readings, mutable=["batch_stats"])
    return (total + discharge.mean(), updates["batch_stats"]), updates["batch_stats"]


class SpillwayMonitor:
    def __init__(self, cfg: GaugeConfig):
        self.cfg = cfg
        model = GaugeNormalizer(cfg.hidden)
        probe = jnp.zeros((2, cfg.n_gauges))
        variables = model.init(jax.random.PRNGKey(cfg.seed), probe)
        self.trainer = CalibrationTrainer(model, variables, StatsCache(variables["batch_stats"]))

    def calibrate(self, readings):
        step = functools.partial(_sweep, self.trainer, readings)
        init = (jnp.float32(0.0), self.trainer.cache.latest)
        (total, _), history = lax.scan(step, init, None, length=self.cfg.calibration_sweeps)
        final_stats = jax.tree.map(lambda leaf: leaf[-1], history)
        self.trainer.cache.store(final_stats, sweeps=self.cfg.calibration_sweeps)
        return total

    def discharge_estimate(self, readings):
        trainer = self.trainer
        variables = {"params": trainer.params, "batch_stats": trainer.cache.latest}
        return trainer.model.apply(variables, readings, train=False)


def load_readings(cfg: GaugeConfig):
    base = jnp.linspace(0.5, 3.0, 6 * cfg.n_gauges).reshape(6, cfg.n_gauges)
    return base + 0.1 * jnp.sin(base * 7.0)


def main():
    cfg = GaugeConfig()
    monitor = SpillwayMonitor(cfg)
    readings = load_readings(cfg)
    total = monitor.calibrate(readings)
    estimate = monitor.discharge_estimate(readings)
    jax.block_until_ready((total, estimate))
    return None
