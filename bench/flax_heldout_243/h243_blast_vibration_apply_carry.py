# label: ok
# flax-error: none
# class: 5 the scan body submits VibrationMonitor._score to an executor and reads the Future's result(); the SeismographNet variables and their updated batch_stats are threaded through the carry
from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class MonitorSite:
    name: str
    distance_m: float
    geophones: int = 6


class SeismographNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, trace, train: bool):
        h = nn.Dense(self.hidden)(trace)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.swish(h))[..., 0]


class InlineExecutor:
    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        return future


class VibrationMonitor:
    def __init__(self, site: MonitorSite, executor: InlineExecutor, seed: int = 0):
        self.site = site
        self.executor = executor
        self.model = SeismographNet()
        probe = jnp.zeros((2, site.geophones), jnp.float32)
        self.variables = self.model.init(jax.random.key(seed), probe, train=False)

    def _score(self, variables, trace):
        ppv, updates = self.model.apply(variables, trace, train=True, mutable=["batch_stats"])
        return ppv, {**variables, **updates}

    def monitor_rounds(self, traces):
        def one_round(variables, trace):
            ppv, variables = self.executor.submit(self._score, variables, trace).result()
            return variables, jnp.max(ppv)

        self.variables, peaks = jax.lax.scan(one_round, self.variables, traces)
        return peaks


def blast_traces(site: MonitorSite, rounds: int = 3, batch: int = 4):
    t = jnp.linspace(0.0, 1.0, site.geophones, dtype=jnp.float32)
    delays = jnp.arange(rounds * batch, dtype=jnp.float32).reshape(rounds, batch, 1) * 0.05
    return jnp.exp(-3.0 * (t - delays) ** 2) * (100.0 / site.distance_m)


def main():
    site = MonitorSite("north-face", distance_m=250.0)
    monitor = VibrationMonitor(site, InlineExecutor())
    peaks = monitor.monitor_rounds(blast_traces(site))
    jax.block_until_ready((peaks, monitor.variables))
    return None
