# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 forecaster.trainer.model.apply with trainer.variables runs in the scan body; BatchNorm in train mode writes batch_stats into an immutable collection
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

    def predict_window(self, tide_window):
        # Training-mode normalisation, applied without declaring batch_stats mutable.
        return self.model.apply(self.variables, tide_window, train=True)


class TidalForecaster:
    def __init__(self, trainer: RegressorTrainer):
        self.trainer = trainer

    def forecast(self, tide_windows):
        def body(energy, window):
            power = self.trainer.predict_window(window)
            return energy + power.sum(), power.mean(axis=0)

        return lax.scan(body, jnp.float32(0.0), tide_windows)


def main():
    config = TurbineConfig()
    forecaster = TidalForecaster(RegressorTrainer(config))
    windows = jax.random.normal(jax.random.key(3), (config.windows, 8, 3))
    energy, per_window = forecaster.forecast(windows)
    jax.block_until_ready((energy, per_window))
    return None
