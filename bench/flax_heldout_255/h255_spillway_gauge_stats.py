# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 batch stats reach the scan body through monitor.trainer.cache (a trainer object holding a StatsCache), bound into a module-level step with functools.partial
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

    def store(self, batch_stats):
        self.latest = batch_stats
        self.sweeps_seen += 1


class CalibrationTrainer:
    def __init__(self, model: GaugeNormalizer, variables, cache: StatsCache):
        self.model = model
        self.params = variables["params"]
        self.cache = cache


def _sweep(trainer: CalibrationTrainer, readings, total, _):
    variables = {"params": trainer.params, "batch_stats": trainer.cache.latest}
    discharge, updates = trainer.model.apply(variables, readings, mutable=["batch_stats"])
    trainer.cache.store(updates["batch_stats"])
    return total + discharge.mean(), None


class SpillwayMonitor:
    def __init__(self, cfg: GaugeConfig):
        self.cfg = cfg
        model = GaugeNormalizer(cfg.hidden)
        probe = jnp.zeros((2, cfg.n_gauges))
        variables = model.init(jax.random.PRNGKey(cfg.seed), probe)
        self.trainer = CalibrationTrainer(model, variables, StatsCache(variables["batch_stats"]))

    def calibrate(self, readings):
        step = functools.partial(_sweep, self.trainer, readings)
        total, _ = lax.scan(step, jnp.float32(0.0), None, length=self.cfg.calibration_sweeps)
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
