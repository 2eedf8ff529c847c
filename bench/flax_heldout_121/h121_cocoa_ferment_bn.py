# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 FermentationMonitor.pool[vat].runner.forward calls model.apply(variables, train=True) without mutable= inside the fori_loop body
"""Cocoa fermentation monitoring: each vat's sensor windows (temperature, pH, ethanol, acetic
acid) are scored by a small BatchNorm encoder, one window per loop step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    n_sensors: int = 4
    hidden: int = 16
    windows: int = 6
    batch: int = 8
    vats: tuple = ("vat_a", "vat_b")


class SensorEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.gelu(x)
        return nn.Dense(1)(x).squeeze(-1)


class SensorRunner:
    """Wraps one model replica; fermentation drifts daily, so scoring keeps BN in train mode."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def forward(self, x):
        return self.model.apply(self.variables, x, train=True)


class VatSession:
    def __init__(self, vat_id, runner):
        self.vat_id = vat_id
        self.runner = runner


class FermentationMonitor:
    def __init__(self, cfg: MonitorConfig, seed: int = 0):
        self.cfg = cfg
        model = SensorEncoder(cfg.hidden)
        variables = model.init(jax.random.key(seed), jnp.zeros((cfg.batch, cfg.n_sensors)))
        self.pool = {vat: VatSession(vat, SensorRunner(model, variables)) for vat in cfg.vats}

    def score_vat(self, vat_id, windows):
        session = self.pool[vat_id]

        def body(i, acidity):
            scores = session.runner.forward(windows[i])
            return acidity.at[i].set(jnp.mean(scores))

        return lax.fori_loop(0, windows.shape[0], body, jnp.zeros(windows.shape[0]))


def main():
    cfg = MonitorConfig()
    monitor = FermentationMonitor(cfg)
    windows = jax.random.normal(jax.random.key(1), (cfg.windows, cfg.batch, cfg.n_sensors))
    acidity = monitor.score_vat("vat_a", windows)
    jax.block_until_ready(acidity)
    return None
