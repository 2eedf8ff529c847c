# label: ok
# flax-error: none
# class: 3 the BrineMonitor's `model` and params are applied inside the while_loop body; telemetry rides in the carry
"""Desalination plant: brine discharge monitor that ramps the outfall until salinity settles."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class OutfallModel(nn.Module):
    diffusers: int = 4

    @nn.compact
    def __call__(self, salinity):
        dilution = nn.softplus(nn.Dense(self.diffusers, name="dilution")(salinity))
        samples = self.variable("telemetry", "samples", lambda: jnp.zeros((), jnp.int32))
        peak = self.variable("telemetry", "peak_psu", lambda: jnp.zeros(()))
        samples.value = samples.value + 1
        peak.value = jnp.maximum(peak.value, salinity.max())
        return salinity / (1.0 + dilution)


@dataclass(frozen=True)
class DischargePermit:
    limit_psu: float = 40.0
    max_cycles: int = 8


class BrineMonitor:
    """Opens a monitoring window on the outfall; closing it logs the window."""

    def __init__(self, model: OutfallModel, variables, permit: DischargePermit):
        self.model = model
        self.variables = variables
        self.permit = permit
        self.log: list[str] = []

    def __enter__(self):
        self.log.append("window opened")
        return self

    def __exit__(self, *exc):
        self.log.append("window closed")
        return False

    def settle(self, brine):
        params = self.variables["params"]

        def above_limit(state):
            cycle, reading, _ = state
            return (cycle < self.permit.max_cycles) & (reading.max() > self.permit.limit_psu)

        def dilute(state):
            cycle, reading, telemetry = state
            diluted, mutated = self.model.apply(
                {"params": params, "telemetry": telemetry}, reading, mutable=["telemetry"]
            )
            return cycle + 1, diluted, mutated["telemetry"]

        cycles, settled, telemetry = lax.while_loop(
            above_limit, dilute, (jnp.array(0), brine, self.variables["telemetry"])
        )
        self.variables = {**self.variables, "telemetry": telemetry}
        return cycles, settled


def main():
    brine = jnp.array([62.0, 58.5, 66.0, 60.2])
    model = OutfallModel()
    variables = model.init(jax.random.key(5), brine)
    with BrineMonitor(model, variables, DischargePermit()) as monitor:
        cycles, settled = monitor.settle(brine)
    jax.block_until_ready((cycles, settled, monitor.variables["telemetry"]))
    return None
