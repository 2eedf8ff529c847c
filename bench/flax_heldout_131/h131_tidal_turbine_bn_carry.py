# label: ok
# flax-error: none
# class: 4 forecaster.trainer supplies params and batch_stats; the scan carries batch_stats and applies with mutable=['batch_stats']
"""Tidal-stream turbine power forecaster: rolls a normalised regressor over tide windows."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class TurbineConfig:
    hidden: int = 16
    rotor_count: int = 4
    windows: int = 6


class PowerRegressor(nn.Module):
    config: TurbineConfig

    @nn.compact
    def __call__(self, tide, train: bool = True):
        h = nn.Dense(self.config.hidden)(tide)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(self.config.rotor_count)(nn.gelu(h))


class RegressorTrainer:
    def __init__(self, config: TurbineConfig, seed: int = 0):
        self.config = config
        self.model = PowerRegressor(config)
        sample = jnp.zeros((8, 3))
        self.variables = self.model.init(jax.random.key(seed), sample, train=False)

    def predict_window(self, batch_stats, tide_window):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        power, updates = self.model.apply(variables, tide_window, train=True, mutable=["batch_stats"])
        return power, updates["batch_stats"]


class TidalForecaster:
    def __init__(self, trainer: RegressorTrainer):
        self.trainer = trainer

    def forecast(self, tide_windows):
        def body(carry, window):
            energy, batch_stats = carry
            power, batch_stats = self.trainer.predict_window(batch_stats, window)
            return (energy + power.sum(), batch_stats), power.mean(axis=0)

        init = (jnp.float32(0.0), self.trainer.variables["batch_stats"])
        (energy, batch_stats), per_window = lax.scan(body, init, tide_windows)
        self.trainer.variables = {"params": self.trainer.variables["params"], "batch_stats": batch_stats}
        return energy, per_window


def main():
    config = TurbineConfig()
    forecaster = TidalForecaster(RegressorTrainer(config))
    windows = jax.random.normal(jax.random.key(3), (config.windows, 8, 3))
    energy, per_window = forecaster.forecast(windows)
    jax.block_until_ready((energy, per_window))
    return None
