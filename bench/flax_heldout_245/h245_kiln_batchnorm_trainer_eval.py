# label: ok
# flax-error: none
# class: 4 the zone encoder is reached in the scan body through self.stack.encoder; the lehr is profiled in evaluation mode with its running averages
"""Lehr zone model for the float line: encodes the per-zone thermocouple readings of the
annealing lehr and predicts the glass temperature leaving each zone."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class KilnConfig:
    zones: int = 4
    sensors: int = 6
    hidden: int = 8
    ribbon_width: int = 3
    mode: str = "eval"
    seed: int = 11

    @property
    def training(self) -> bool:
        return self.mode == "train"


class ZoneEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, reading, train: bool):
        h = nn.Dense(self.hidden, name="project")(reading)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="norm")(h)
        return nn.tanh(h)


class ZoneStack(nn.Module):
    hidden: int

    def setup(self):
        self.encoder = ZoneEncoder(self.hidden)

    def __call__(self, reading, train: bool):
        return self.encoder(reading, train)


class KilnProfile(nn.Module):
    cfg: KilnConfig

    def setup(self):
        self.stack = ZoneStack(self.cfg.hidden)
        self.readout = nn.Dense(1, name="readout")

    def __call__(self, reading, train: bool = False):
        return self.readout(self.stack(reading, train))

    def profile(self, zone_readings, train: bool = False):
        def through_zone(heat, reading):
            heat = 0.7 * heat + 0.3 * self.stack.encoder(reading, train)
            return heat, self.readout(heat)[..., 0]

        heat0 = jnp.zeros(zone_readings.shape[1:-1] + (self.cfg.hidden,))
        _, exit_temps = jax.lax.scan(through_zone, heat0, zone_readings)
        return exit_temps


class KilnTrainer:
    def __init__(self, cfg: KilnConfig, model: KilnProfile, variables):
        self.cfg = cfg
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    @property
    def variables(self):
        return {"params": self.params, "batch_stats": self.batch_stats}

    def inspect_profile(self, zone_readings):
        return self.model.apply(self.variables, zone_readings, train=self.cfg.training,
                                method=KilnProfile.profile)


class LehrEvaluator:
    def __init__(self, trainer: KilnTrainer):
        self.trainer = trainer

    def score(self, zone_readings, target):
        t = self.trainer
        exit_temps = t.model.apply(t.variables, zone_readings, method=KilnProfile.profile)
        return jnp.mean((exit_temps - target) ** 2)


def synthetic_readings(cfg: KilnConfig):
    key = jax.random.key(cfg.seed)
    return 0.5 + jax.random.uniform(key, (cfg.zones, cfg.ribbon_width, cfg.sensors))


def build_trainer(cfg: KilnConfig) -> KilnTrainer:
    model = KilnProfile(cfg)
    sample = jnp.zeros((cfg.ribbon_width, cfg.sensors))
    variables = model.init(jax.random.key(cfg.seed + 1), sample)
    return KilnTrainer(cfg, model, variables)


def main():
    cfg = KilnConfig()
    trainer = build_trainer(cfg)
    readings = synthetic_readings(cfg)
    exit_temps = trainer.inspect_profile(readings)
    loss = LehrEvaluator(trainer).score(readings, jnp.full(exit_temps.shape, 0.4))
    jax.block_until_ready((exit_temps, loss))
    return None
