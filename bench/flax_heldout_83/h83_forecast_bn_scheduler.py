# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scheduler reaches the forecaster's variables through job -> forecaster object before the scan body calls apply
"""Inventory demand forecaster run by a nightly scheduler: each job rolls the forecaster over
a window of stores with scan. The forecaster is called in training mode."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DemandNet(nn.Module):
    horizon: int = 7

    @nn.compact
    def __call__(self, history, train: bool = False):
        h = nn.Dense(32)(history)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.gelu(h)
        return nn.Dense(self.horizon)(h)


class Forecaster:
    def __init__(self, lookback: int = 28, seed: int = 0):
        self.net = DemandNet()
        self.variables = self.net.init(jax.random.key(seed), jnp.zeros((4, lookback)))

    def predict(self, history, train=False):
        return self.net.apply(self.variables, history, train=train)


@dataclass
class ForecastJob:
    name: str
    forecaster: Forecaster
    refresh_stats: bool = True


@dataclass
class Scheduler:
    jobs: list = field(default_factory=list)

    def run(self, windows):
        results = {}
        for job in self.jobs:
            def body(total, hist, job=job):
                pred = job.forecaster.predict(hist, train=job.refresh_stats)
                return total + pred.sum(), pred

            results[job.name] = scan(body, 0.0, windows)
        return results


def main():
    sched = Scheduler([ForecastJob("eu-west", Forecaster())])
    windows = jax.random.uniform(jax.random.key(3), (5, 4, 28))
    out = sched.run(windows)
    jax.block_until_ready(out)
    return None
