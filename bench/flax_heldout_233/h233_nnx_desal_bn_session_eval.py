# label: ok
# flax-error: none
# class: 3 the OsmosisSession's `model` attribute, opened in evaluation mode, is called inside the scan body
"""Desalination plant: permeate-quality replay over a shift of conductivity logs, run in a session."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PermeateQuality(nnx.Module):
    def __init__(self, probes: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(probes, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.tds = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, conductivity):
        return self.tds(nnx.gelu(self.norm(self.proj(conductivity))))


@dataclass(frozen=True)
class ShiftLog:
    hours: int = 4
    racks: int = 3
    probes: int = 5

    def readings(self):
        row = jnp.linspace(0.2, 0.9, self.probes)
        return jnp.broadcast_to(row, (self.hours, self.racks, self.probes))


class OsmosisSession:
    def __init__(self, model: PermeateQuality, mode: str = "train"):
        self.model = model
        self.mode = mode
        self.open = False

    def __enter__(self):
        self.model.set_attributes(use_running_average=self.mode != "train")
        self.open = True
        return self

    def __exit__(self, *exc):
        self.open = False
        return False

    def replay(self, log: ShiftLog):
        def hour(worst, conductivity):
            tds = self.model(conductivity)
            return jnp.maximum(worst, tds.max()), tds.mean()

        return jax.lax.scan(hour, jnp.array(-jnp.inf), log.readings())


def main():
    log = ShiftLog()
    model = PermeateQuality(log.probes, nnx.Rngs(17))
    with OsmosisSession(model, mode="eval") as session:
        worst, hourly = session.replay(log)
    jax.block_until_ready((worst, hourly))
    return None
