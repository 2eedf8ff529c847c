# label: ok
# flax-error: none
# class: 3 the trainer's batch_stats attribute enters the scan as carry and is stored back after the loop
"""Brick-kiln zone profile regressor: fits a BatchNorm MLP over a campaign of firings."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class KilnConfig:
    zones: int = 4
    hidden: int = 8
    firings: int = 5
    batch: int = 6
    momentum: float = 0.9


class ZoneProfile(nn.Module):
    hidden: int
    zones: int
    momentum: float = 0.9

    @nn.compact
    def __call__(self, readings, train: bool = True):
        h = nn.Dense(self.hidden, name="intake")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.momentum, name="norm")(h)
        return nn.Dense(self.zones, name="zones")(nn.relu(h))


class KilnTrainer:
    def __init__(self, cfg: KilnConfig, seed: int = 0):
        self.cfg = cfg
        self.model = ZoneProfile(cfg.hidden, cfg.zones, cfg.momentum)
        sample = jnp.zeros((cfg.batch, cfg.zones))
        variables = self.model.init(jax.random.key(seed), sample, train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _firing(self, params, batch_stats, readings):
        out, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, readings, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((out - readings) ** 2), updates["batch_stats"]

    def run_campaign(self, firings):
        def body(carry, readings):
            total, stats = carry
            loss, stats = self._firing(self.params, stats, readings)
            return (total + loss, stats), None

        (total, self.batch_stats), _ = lax.scan(body, (jnp.zeros(()), self.batch_stats), firings)
        return total

    def profile(self, readings):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, readings, train=False)


def synthetic_firings(cfg: KilnConfig, seed: int = 1):
    ramp = jnp.linspace(600.0, 1100.0, cfg.zones) / 1000.0
    noise = jax.random.normal(jax.random.key(seed), (cfg.firings, cfg.batch, cfg.zones))
    return ramp + 0.05 * noise


def main():
    cfg = KilnConfig()
    trainer = KilnTrainer(cfg)
    firings = synthetic_firings(cfg)
    loss = trainer.run_campaign(firings)
    profile = trainer.profile(firings[0])
    jax.block_until_ready((loss, profile))
