# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the calibration runner's variables attribute is read by the fori_loop body and reassigned there with the batch statistics of every sweep
"""Flow calibration for the sluice gates of a reservoir dam: a small network maps gauge readings to discharge."""

from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SluiceGate:
    name: str
    width_m: float
    sill_height_m: float


@dataclass
class DamSite:
    gates: list[SluiceGate] = field(default_factory=list)

    def gauge_matrix(self, head_m: float) -> jax.Array:
        rows = [[head_m - g.sill_height_m, g.width_m, head_m * g.width_m] for g in self.gates]
        return jnp.asarray(rows, dtype=jnp.float32)


class DischargeNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, gauges: jax.Array, train: bool = False) -> jax.Array:
        h = nn.Dense(self.hidden)(gauges)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class CalibrationRunner:
    def __init__(self, net: DischargeNet, variables):
        self.net = net
        self.variables = variables

    def calibrate(self, gauges: jax.Array, sweeps: int) -> jax.Array:
        def sweep(i, total):
            discharge, updates = self.net.apply(self.variables, gauges, train=True, mutable=["batch_stats"])
            self.variables = {"params": self.variables["params"], **updates}
            return total + discharge.sum()

        return jax.lax.fori_loop(0, sweeps, sweep, jnp.zeros(()))

    def release_plan(self, gauges: jax.Array) -> jax.Array:
        return self.net.apply(self.variables, gauges)


def build_site() -> DamSite:
    return DamSite(gates=[SluiceGate("north", 4.0, 1.2), SluiceGate("centre", 6.0, 0.8), SluiceGate("south", 4.0, 1.5)])


def main():
    site = build_site()
    gauges = site.gauge_matrix(head_m=5.5)
    net = DischargeNet()
    runner = CalibrationRunner(net, net.init(jax.random.key(3), gauges))
    total = runner.calibrate(gauges, sweeps=4)
    plan = runner.release_plan(gauges)
    jax.block_until_ready((total, plan))
    return None
