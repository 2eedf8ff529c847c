# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/cell/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the strain cell held as self.cell normalises each pass in the scan body in training mode while the trainer applies without a mutable batch_stats
"""Residual-strain predictor for the annealing ovens of the container glass plant: each bottle
batch passes the oven stations one after the other and the cell predicts the strain it carries."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import linen as nn


@dataclass
class OvenConfig:
    stations: int = 5
    bottles: int = 4
    features: int = 3
    hidden: int = 6
    mode: str = "train"
    seeds: dict = field(default_factory=lambda: {"init": 2, "data": 9})

    @property
    def update_statistics(self) -> bool:
        return self.mode == "train"


class StrainCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, station_reading, train: bool):
        h = nn.Dense(self.hidden)(station_reading)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.gelu(h)


class StrainPredictor(nn.Module):
    hidden: int

    def setup(self):
        self.cell = StrainCell(self.hidden)
        self.strain_head = nn.Dense(1)

    def __call__(self, readings, train: bool = False):
        def pass_station(strain, reading):
            strain = strain + self.cell(reading, train)
            return strain, self.strain_head(strain)[..., 0]

        start = jnp.zeros(readings.shape[1:-1] + (self.hidden,))
        _, per_station = lax.scan(pass_station, start, readings)
        return per_station


class AnnealTrainer:
    def __init__(self, cfg: OvenConfig):
        self.cfg = cfg
        self.model = StrainPredictor(cfg.hidden)
        sample = jnp.zeros((cfg.bottles, cfg.features))
        self.variables = self.model.init(
            jax.random.key(cfg.seeds["init"]), sample,
            method=lambda m, x: m.strain_head(m.cell(x, train=False)))

    def strain_pass(self, readings):
        return self.model.apply(self.variables, readings, train=self.cfg.update_statistics)


class OvenShiftRunner:
    def __init__(self, trainer: AnnealTrainer):
        self.trainer = trainer

    def run_shift(self, readings):
        strain = self.trainer.strain_pass(readings)
        return strain, reject_share(strain)


def reject_share(strain, limit: float = 0.5):
    return jnp.mean(strain[-1] > limit)


def oven_readings(cfg: OvenConfig):
    key = jax.random.key(cfg.seeds["data"])
    return jax.random.normal(key, (cfg.stations, cfg.bottles, cfg.features))


def main():
    cfg = OvenConfig()
    runner = OvenShiftRunner(AnnealTrainer(cfg))
    strain, rejects = runner.run_shift(oven_readings(cfg))
    jax.block_until_ready((strain, rejects))
    return None
