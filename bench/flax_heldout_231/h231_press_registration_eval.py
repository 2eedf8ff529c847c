# label: ok
# flax-error: none
# class: 4 PressLine.run_job -> self.calibrator.correct -> Calibrator.model.apply(self.variables, train=False) in the scan body; running averages only read
"""Plate registration correction for a sheet-fed press.

Each sheet carries the measured cyan/magenta/yellow/black offsets of a few register marks; the
calibrator network predicts a correction that the press line feeds back into the drift estimate.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class PressConfig:
    n_plates: int = 4
    hidden: int = 8
    marks_per_sheet: int = 3
    sheets_per_job: int = 6
    momentum: float = 0.9
    drift_decay: float = 0.5


class RegistrationNet(nn.Module):
    cfg: PressConfig

    @nn.compact
    def __call__(self, offsets, train: bool):
        h = nn.Dense(self.cfg.hidden, name="encode")(offsets)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum, name="norm")(h)
        h = nn.relu(h)
        return nn.Dense(self.cfg.n_plates, name="correct")(h)


class Calibrator:
    """Holds the trained registration model for one press."""

    def __init__(self, model: RegistrationNet, variables):
        self.model = model
        self.variables = variables

    def correct(self, offsets):
        return self.model.apply(self.variables, offsets, train=False)


class PressLine:
    def __init__(self, cfg: PressConfig, calibrator: Calibrator):
        self.cfg = cfg
        self.calibrator = calibrator

    def run_job(self, sheets):
        def feed(drift, sheet):
            correction = self.calibrator.correct(sheet + drift)
            drift = self.cfg.drift_decay * drift + 0.1 * correction.mean(axis=0)
            return drift, correction

        return jax.lax.scan(feed, jnp.zeros(self.cfg.n_plates), sheets)


def main():
    cfg = PressConfig()
    model = RegistrationNet(cfg)
    sheets = jax.random.normal(jax.random.key(0), (cfg.sheets_per_job, cfg.marks_per_sheet, cfg.n_plates))
    variables = model.init(jax.random.key(1), sheets[0], train=False)
    line = PressLine(cfg, Calibrator(model, variables))
    drift, corrections = line.run_job(sheets)
    jax.block_until_ready((drift, corrections))
    return None
