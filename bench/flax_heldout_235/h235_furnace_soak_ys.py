# label: ok
# flax-error: none
# class: 1 FurnaceCore.soak runs the scan itself; per-minute temperatures leave as ys and the peak is written after the loop
"""Glory-hole furnace soak model used by the glassblowing floor scheduler."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class SoakPlan:
    setpoint_c: float = 1150.0
    ramp_gain: float = 0.08
    minutes: int = 6
    zones: int = 4


@dataclasses.dataclass(frozen=True)
class SoakReport:
    plan: SoakPlan
    final_c: jax.Array | None = None
    peak_c: jax.Array | None = None
    spread_c: jax.Array | None = None


class FurnaceCore(nn.Module):
    plan: SoakPlan

    def setup(self):
        self.burner_mix = nn.Dense(self.plan.zones, name="burner_mix")
        self.peak = self.variable("telemetry", "peak_c", lambda: jnp.zeros((self.plan.zones,)))

    def soak(self, burner_draw):
        drive = self.burner_mix(burner_draw)

        def minute(temp, push):
            heated = temp + self.plan.ramp_gain * (push + self.plan.setpoint_c - temp)
            return heated, heated

        start = jnp.full((self.plan.zones,), 20.0)
        final, per_minute = jax.lax.scan(minute, start, drive)
        self.peak.value = jnp.maximum(self.peak.value, per_minute.max(axis=0))
        return final, per_minute.mean(axis=1)

    def __call__(self, burner_draw):
        return self.soak(burner_draw)


class SoakRunner:
    def __init__(self, plan: SoakPlan, seed: int = 0):
        self.plan = plan
        self.core = FurnaceCore(plan)
        self.seed = seed

    def draws(self):
        return jnp.linspace(0.2, 1.0, self.plan.minutes * 3).reshape(self.plan.minutes, 3)

    def run(self) -> SoakReport:
        draw = self.draws()
        variables = self.core.init(jax.random.key(self.seed), draw)
        (final, means), updated = self.core.apply(
            {"params": variables["params"], "telemetry": variables["telemetry"]},
            draw,
            mutable=["telemetry"],
        )
        report = SoakReport(self.plan, final_c=final)
        peak = updated["telemetry"]["peak_c"]
        return dataclasses.replace(report, peak_c=peak, spread_c=peak.max() - peak.min())


def main():
    report = SoakRunner(SoakPlan()).run()
    jax.block_until_ready((report.final_c, report.peak_c, report.spread_c))
    return None
