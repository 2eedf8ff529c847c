# label: ok
# flax-error: none
# class: 4 FarmMonitor.evaluator.bound (model.bind(variables) of the eval-mode clone, BatchNorm reads running averages) is called in the scan body
"""Oyster farm water quality: a tide-window evaluator scores salinity, oxygen and turbidity
probes of each lease and the farm monitor scans over the day's tide windows."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ProbeConfig:
    channels: int = 3
    hidden: int = 8
    train: bool = True


class WaterQualityNet(nn.Module):
    config: ProbeConfig

    @nn.compact
    def __call__(self, probes):
        h = nn.Dense(self.config.hidden)(probes)
        h = nn.BatchNorm(use_running_average=not self.config.train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.swish(h)))[..., 0]


class TideEvaluator:
    def __init__(self, model, variables):
        serving = model.clone(config=dataclasses.replace(model.config, train=False))
        self.bound = serving.bind(variables)

    def risk(self, probes):
        return self.bound(probes)


class FarmMonitor:
    def __init__(self, evaluator, alarm=0.7):
        self.evaluator = evaluator
        self.alarm = alarm

    def watch(self, windows):
        def window(alarms, probes):
            risk = self.evaluator.risk(probes)
            return alarms + (risk > self.alarm), risk.mean()

        leases = windows.shape[1]
        return scan(window, jnp.zeros(leases, jnp.int32), windows)


def main():
    cfg = ProbeConfig()
    model = WaterQualityNet(cfg)
    windows = jax.random.normal(jax.random.key(7), (6, 5, cfg.channels))
    variables = model.init(jax.random.key(0), windows[0])
    monitor = FarmMonitor(TideEvaluator(model, variables))
    alarms, mean_risk = monitor.watch(windows)
    print(alarms, mean_risk)
    return None
