# label: ok
# flax-error: none
# class: 4 the fori_loop body in HarvestLine threads the tonnage through the carry; self.hopper.receive hands it to self.gauge after the loop
"""Clamp-side hopper accounting for the sugar-beet lifting line."""

from __future__ import annotations

import functools
from typing import Callable, NamedTuple, Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TruckLoad(NamedTuple):
    gross_t: jax.Array
    soil_frac: jax.Array
    top_frac: jax.Array


Stage = Callable[[TruckLoad], TruckLoad]


def strip_soil(load: TruckLoad) -> TruckLoad:
    return load._replace(gross_t=load.gross_t * (1.0 - load.soil_frac), soil_frac=jnp.zeros_like(load.soil_frac))


def strip_tops(load: TruckLoad) -> TruckLoad:
    return load._replace(gross_t=load.gross_t * (1.0 - load.top_frac), top_frac=jnp.zeros_like(load.top_frac))


def clean(load: TruckLoad, stages: Sequence[Stage] = (strip_soil, strip_tops)) -> TruckLoad:
    return functools.reduce(lambda acc, stage: stage(acc), stages, load)


class LoadGauge(nn.Module):
    @nn.compact
    def add(self, tonnes):
        total = self.variable("counters", "tonnes", lambda: jnp.zeros(()))
        total.value = total.value + tonnes
        return total.value


class Hopper(nn.Module):
    def setup(self):
        self.tare = nn.Dense(1, name="tare")
        self.gauge = LoadGauge()

    def net_weights(self, clean_t):
        return clean_t - nn.softplus(self.tare(clean_t[:, None]))[:, 0] * 0.01

    def receive(self, net_t):
        return self.gauge.add(net_t)


class HarvestLine(nn.Module):
    def setup(self):
        self.hopper = Hopper()

    def __call__(self, loads: TruckLoad):
        net = self.hopper.net_weights(clean(loads).gross_t)

        def unload(i, carry):
            received, running = carry
            received = received + net[i]
            return received, jnp.maximum(running, received)

        received, high_water = lax.fori_loop(0, net.shape[0], unload, (jnp.zeros(()), jnp.zeros(())))
        self.hopper.receive(received)
        return high_water


class ShiftService:
    capacity_t = 120.0

    def __init__(self, trucks: int = 5):
        self.trucks = trucks
        self.line = HarvestLine()

    def loads(self) -> TruckLoad:
        return TruckLoad(
            gross_t=jnp.linspace(18.0, 26.0, self.trucks),
            soil_frac=jnp.full((self.trucks,), 0.08),
            top_frac=jnp.full((self.trucks,), 0.03),
        )

    def close_shift(self):
        loads = self.loads()
        variables = self.line.init(jax.random.key(3), loads)
        high_water, state = self.line.apply(
            {"params": variables["params"], "counters": variables["counters"]}, loads, mutable=["counters"]
        )
        tonnes = state["counters"]["hopper"]["gauge"]["tonnes"]
        return high_water, tonnes / self.capacity_t


def main():
    high_water, utilisation = ShiftService().close_shift()
    jax.block_until_ready((high_water, utilisation))
    return None
