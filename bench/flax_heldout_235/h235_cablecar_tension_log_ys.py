# label: ok
# flax-error: none
# class: 5 a step factory builds the scan body; rope tensions leave as ys and the bound HaulLine.record method sows them after the loop
"""Haul-rope tension simulation for the upper cable-car section."""

from __future__ import annotations

import dataclasses
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class CarState(NamedTuple):
    position_m: jax.Array
    speed_ms: jax.Array
    tension_kn: jax.Array


@dataclasses.dataclass(frozen=True)
class SectionSpec:
    length_m: float = 1800.0
    grade: float = 0.32
    car_mass_t: float = 3.4
    dt_s: float = 2.0
    segments: int = 6


def gravity(spec: SectionSpec, stiffness) -> Callable[[CarState], CarState]:
    def stage(s: CarState) -> CarState:
        return s._replace(tension_kn=s.tension_kn + spec.car_mass_t * 9.81 * spec.grade * stiffness)
    return stage


def drag(spec: SectionSpec, friction) -> Callable[[CarState], CarState]:
    def stage(s: CarState) -> CarState:
        return s._replace(tension_kn=s.tension_kn + friction * s.speed_ms ** 2)
    return stage


def advance(spec: SectionSpec) -> Callable[[CarState], CarState]:
    def stage(s: CarState) -> CarState:
        return s._replace(position_m=s.position_m + s.speed_ms * spec.dt_s)
    return stage


def make_haul_step(stages):
    def step(state: CarState, throttle):
        state = state._replace(speed_ms=throttle * 6.0, tension_kn=jnp.zeros_like(state.tension_kn))
        state = functools.reduce(lambda acc, stage: stage(acc), stages, state)
        return state, (state.position_m, state.tension_kn)
    return step


class HaulLine(nn.Module):
    spec: SectionSpec

    def setup(self):
        self.stiffness = self.param("stiffness", nn.initializers.constant(1.0), ())
        self.friction = self.param("friction", nn.initializers.constant(0.05), ())

    def record(self, tension):
        self.sow("haul_log", "tension_kn", tension)

    def __call__(self, throttle):
        stages = (gravity(self.spec, self.stiffness), drag(self.spec, self.friction), advance(self.spec))
        step = make_haul_step(stages)
        start = CarState(jnp.zeros(()), jnp.zeros(()), jnp.zeros(()))
        final, (positions, tensions) = scan(step, start, throttle)
        self.record(tensions)
        return final.position_m, positions


class HaulMonitor:
    def __init__(self, spec: SectionSpec):
        self.spec = spec
        self.line = HaulLine(spec)

    def throttle_profile(self):
        return jnp.linspace(0.3, 1.0, self.spec.segments)

    def shift_summary(self):
        throttle = self.throttle_profile()
        params = self.line.init(jax.random.key(11), throttle)["params"]
        (end_m, positions), logged = self.line.apply({"params": params}, throttle, mutable=["haul_log"])
        tensions = jnp.concatenate([jnp.atleast_1d(t) for t in logged["haul_log"]["tension_kn"]])
        return end_m, positions, tensions.max()


def main():
    end_m, positions, peak_kn = HaulMonitor(SectionSpec()).shift_summary()
    jax.block_until_ready((end_m, positions, peak_kn))
    return None
