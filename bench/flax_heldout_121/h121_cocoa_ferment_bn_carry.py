# label: ok
# flax-error: none
# class: 4 FermentationMonitor.pool[vat].runner.forward applies with mutable=['batch_stats']; the stats ride in the fori_loop carry and are stored back after the loop
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

    def forward(self, batch_stats, x):
        scores, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            x, train=True, mutable=["batch_stats"])
        return scores, updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {"params": self.variables["params"], "batch_stats": batch_stats}


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

        def body(i, carry):
            acidity, stats = carry
            scores, stats = session.runner.forward(stats, windows[i])
            return acidity.at[i].set(jnp.mean(scores)), stats

        init = (jnp.zeros(windows.shape[0]), session.runner.variables["batch_stats"])
        acidity, stats = lax.fori_loop(0, windows.shape[0], body, init)
        session.runner.commit(stats)
        return acidity


def main():
    cfg = MonitorConfig()
    monitor = FermentationMonitor(cfg)
    windows = jax.random.normal(jax.random.key(1), (cfg.windows, cfg.batch, cfg.n_sensors))
    acidity = monitor.score_vat("vat_a", windows)
    jax.block_until_ready((acidity, monitor.pool["vat_a"].runner.variables))
    return None
