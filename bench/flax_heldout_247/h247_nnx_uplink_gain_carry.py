# label: ok
# flax-error: none
# class: 1 UplinkAmplifier.calibrate runs while_loop itself; its own gain enters and leaves through the loop carry and self.gain is written after the loop
"""Uplink power-amplifier calibration at the satellite ground station."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class CalibrationState(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class AmplifierSpec:
    chains: int = 4
    target_dbw: float = 1.0
    tolerance: float = 1e-3
    max_steps: int = 40


class Component(nnx.Module):
    def __init__(self, serial: str):
        self.serial = serial


class CalibratedComponent(Component):
    def __init__(self, serial: str, chains: int):
        super().__init__(serial)
        self.gain = CalibrationState(jnp.ones((chains,)))
        self.step_size = 0.5


class UplinkAmplifier(CalibratedComponent):
    def __init__(self, serial: str, spec: AmplifierSpec, *, rngs: nnx.Rngs):
        super().__init__(serial, spec.chains)
        self.spec = spec
        self.driver = nnx.Linear(spec.chains, spec.chains, rngs=rngs)

    def output(self, drive, gain):
        return jnp.abs(self.driver(drive)) * gain

    def __call__(self, drive):
        return self.output(drive, self.gain[...])

    def calibrate(self, drive):
        spec = self.spec

        def off_target(state):
            step, _, error = state
            return (step < spec.max_steps) & (jnp.max(jnp.abs(error)) > spec.tolerance)

        def adjust(state):
            step, gain, _ = state
            out = self.output(drive, gain)
            gain = gain * (1.0 + self.step_size * (spec.target_dbw - out))
            return step + 1, gain, spec.target_dbw - self.output(drive, gain)

        start = (0, self.gain[...], spec.target_dbw - self(drive))
        steps, gain, error = while_loop(off_target, adjust, start)
        self.gain[...] = gain
        return steps, error


class UplinkStation:
    def __init__(self, amplifiers):
        self.amplifiers = amplifiers

    def pre_pass_check(self, drive):
        return [amp.calibrate(drive) for amp in self.amplifiers]


def main():
    spec = AmplifierSpec()
    amps = [UplinkAmplifier(f"PA-{i}", spec, rngs=nnx.Rngs(i)) for i in range(2)]
    station = UplinkStation(amps)
    drive = jnp.full((spec.chains,), 0.5)
    results = station.pre_pass_check(drive)
    jax.block_until_ready((results, [amp(drive) for amp in amps]))
    return None
