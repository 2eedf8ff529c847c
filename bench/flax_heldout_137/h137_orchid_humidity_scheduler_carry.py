# label: ok
# flax-error: none
# class: 5 a scheduler keeps functools.partial(model.apply, mutable=["batch_stats"], train=True) in a dict of phase step functions; the batch_stats travel through the lax.scan carry
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

    def __init__(self, params):
        self._steps = {}
        self._params = params

    def add_phase(self, name, step_fn):
        self._steps[name] = step_fn

    def run_phase(self, name, readings, batch_stats, horizon):
        step_fn = self._steps[name]
        params = self._params

        def body(carry, _):
            state, stats = carry
            nxt, updates = step_fn({"params": params, "batch_stats": stats}, state)
            return (nxt, updates.get("batch_stats", stats)), jnp.mean(nxt)

        return lax.scan(body, (readings, batch_stats), None, length=horizon)


def build_scheduler(model, variables):
    scheduler = PhaseScheduler(variables["params"])
    scheduler.add_phase("night", functools.partial(model.apply, train=False, mutable=[]))
    scheduler.add_phase("misting", functools.partial(model.apply, train=True, mutable=["batch_stats"]))
    return scheduler


def main():
    cfg = BenchConfig()
    model = HumidityRegulator(cfg.hidden)
    readings = jax.random.uniform(jax.random.key(0), (8, cfg.n_sensors))
    variables = model.init(jax.random.key(1), readings, train=False)
    scheduler = build_scheduler(model, variables)
    scheduler.run_phase("night", readings, variables["batch_stats"], cfg.horizon)
    (final, stats), trace = scheduler.run_phase("misting", readings, variables["batch_stats"], cfg.horizon)
    final.block_until_ready()
    return None
