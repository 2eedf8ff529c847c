# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a scheduler keeps functools.partial(model.apply, variables, train=True) in a dict of phase step functions; lax.scan runs the misting phase with batch_stats immutable
"""Orchid nursery bench controller: a phase scheduler drives a humidity regulator per bench."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class BenchConfig:
    n_sensors: int = 6
    hidden: int = 16
    horizon: int = 5


class HumidityRegulator(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, train: bool = True):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.tanh(h)
        return readings + 0.1 * nn.Dense(readings.shape[-1])(h)


class PhaseScheduler:
    """Holds one step function per climate phase and rolls it forward over a horizon."""

    def __init__(self):
        self._steps = {}

    def add_phase(self, name, step_fn):
        self._steps[name] = step_fn

    def run_phase(self, name, readings, horizon):
        step_fn = self._steps[name]

        def body(state, _):
            nxt = step_fn(state)
            return nxt, jnp.mean(nxt)

        return lax.scan(body, readings, None, length=horizon)


def build_scheduler(model, variables):
    scheduler = PhaseScheduler()
    scheduler.add_phase("night", functools.partial(model.apply, variables, train=False))
    scheduler.add_phase("misting", functools.partial(model.apply, variables, train=True))
    return scheduler


def main():
    cfg = BenchConfig()
    model = HumidityRegulator(cfg.hidden)
    readings = jax.random.uniform(jax.random.key(0), (8, cfg.n_sensors))
    variables = model.init(jax.random.key(1), readings, train=False)
    scheduler = build_scheduler(model, variables)
    scheduler.run_phase("night", readings, cfg.horizon)
    final, trace = scheduler.run_phase("misting", readings, cfg.horizon)
    final.block_until_ready()
    return None
