# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 2 (8 B)
# class: 4 the lax.scan body in Lab.traverse reaches self.rig.sensor_model and maps it over the probe rake with nnx.vmap; the rig's optional pre-filter is None
"""Probe-rake traverse for the wind-tunnel lab: a shared sensor model over every probe of the rake."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.nnx as nnx


class SensorModel(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.calib = nnx.Linear(channels, 2, rngs=rngs)

    def __call__(self, probe):
        velocity, angle = jnp.split(self.calib(probe), 2, axis=-1)
        return jnp.concatenate([jax.nn.softplus(velocity), jnp.tanh(angle)], axis=-1)


class PreFilter(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.smooth = nnx.Linear(channels, channels, rngs=rngs)

    def __call__(self, probe):
        return probe + 0.1 * self.smooth(probe)


@dataclass
class Rig:
    sensor_model: SensorModel
    pre_filter: Optional[PreFilter] = None
    probes: int = 4


def assemble_rig(channels: int, with_filter: bool = False) -> Rig:
    rngs = nnx.Rngs(31)
    pre = PreFilter(channels, rngs) if with_filter else None
    return Rig(SensorModel(channels, rngs), pre)


class Lab:
    def __init__(self, rig: Rig):
        self.rig = rig

    def traverse(self, stations):
        def station(acc, rake):
            if self.rig.pre_filter is not None:
                rake = self.rig.pre_filter(rake)
            per_probe = nnx.vmap(lambda model, probe: model(probe), in_axes=(None, 0))(self.rig.sensor_model, rake)
            return acc + per_probe.mean(0), per_probe[:, 0].max()

        return lax.scan(station, jnp.zeros((2,)), stations)


def main():
    channels = 3
    lab = Lab(assemble_rig(channels))
    stations = jnp.linspace(-1.0, 1.0, 5 * lab.rig.probes * channels).reshape(5, lab.rig.probes, channels)
    totals, peaks = lab.traverse(stations)
    jax.block_until_ready((totals, peaks))
    return None
