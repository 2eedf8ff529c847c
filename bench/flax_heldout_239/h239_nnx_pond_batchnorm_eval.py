# label: ok
# flax-error: none
# class: 1 EvaporationNet.rollout runs the scan itself; the service puts the net in eval mode, so its BatchNorm only reads batch statistics in the body
"""Evaporation-rate rollout used by the salt works' training service."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclass(frozen=True)
class RolloutSettings:
    ponds: int = 3
    gauges: int = 4
    hours: int = 5
    mode: str = "train"


class EvaporationNet(nnx.Module):
    def __init__(self, gauges: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(gauges, gauges, rngs=rngs)
        self.norm = nnx.BatchNorm(gauges, rngs=rngs)

    def rollout(self, readings):
        def hour(level, reading):
            h = self.norm(self.encode(reading))
            return level + 0.05 * h.mean(), h.std()

        return lax.scan(hour, jnp.zeros(()), readings)


class RolloutService:
    def __init__(self, settings: RolloutSettings):
        self.settings = settings
        self.net = EvaporationNet(settings.gauges, rngs=nnx.Rngs(params=1))
        if settings.mode == "train":
            self.net.train()
        else:
            self.net.eval()

    def replay(self, readings):
        return self.net.rollout(readings)


def readings_for(settings: RolloutSettings):
    row = jnp.array([0.31, 0.44, 0.52, 0.61])[: settings.gauges]
    return jnp.broadcast_to(row, (settings.hours, settings.ponds, settings.gauges))


def main():
    settings = RolloutSettings(mode="eval")
    level, spread = RolloutService(settings).replay(readings_for(settings))
    jax.block_until_ready((level, spread))
    return None
