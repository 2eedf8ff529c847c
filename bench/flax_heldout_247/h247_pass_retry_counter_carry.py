# label: ok
# flax-error: none
# class: 3 AcquisitionLoop.__call__ runs lax.while_loop; the attempt count travels in the loop carry and is added to the setup attribute self.attempts after the loop
"""Carrier acquisition for satellite passes at the ground station.

A pass starts with a coarse frequency offset; the acquisition loop refines it until the
residual is under the lock threshold and reports how many refinement attempts were needed.
"""
from __future__ import annotations

import dataclasses
import logging

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
log = logging.getLogger("groundstation.acquisition")


@dataclasses.dataclass(frozen=True)
class StationSite:
    name: str = "Svalbard-3"
    channels: int = 4


@dataclasses.dataclass(frozen=True)
class AcquisitionPolicy:
    lock_threshold: float = 1e-2
    max_attempts: int = 20


class AcquisitionLoop(nn.Module):
    channels: int
    policy: AcquisitionPolicy

    def setup(self):
        self.loop_gain = self.param("loop_gain", nn.initializers.constant(0.5), (self.channels,))
        self.attempts = self.variable("telemetry", "attempts", jnp.zeros, (), jnp.int32)

    def declare(self, offset):
        return offset * self.loop_gain

    def __call__(self, offset):
        policy = self.policy

        def unlocked(state):
            n, residual = state
            return (n < policy.max_attempts) & (jnp.max(jnp.abs(residual)) > policy.lock_threshold)

        def refine(state):
            n, residual = state
            return n + 1, residual * (1.0 - self.loop_gain)

        n, residual = lax.while_loop(unlocked, refine, (jnp.int32(0), offset))
        self.attempts.value = self.attempts.value + n
        return residual


class GroundStationService:
    def __init__(self, site: StationSite):
        self.site = site
        self.counters = {}

    def bump(self, name, amount):
        self.counters[name] = self.counters.get(name, 0) + amount

    @property
    def total_attempts(self):
        return self.counters.get("attempts", 0)


class TrackingService(GroundStationService):
    def __init__(self, site: StationSite, policy: AcquisitionPolicy):
        super().__init__(site)
        self.policy = policy
        self.loop = AcquisitionLoop(site.channels, policy)


class PassAcquisitionService(TrackingService):
    def __init__(self, site: StationSite, policy: AcquisitionPolicy, seed: int = 0):
        super().__init__(site, policy)
        offset = jnp.zeros((site.channels,))
        self.variables = self.loop.init(jax.random.key(seed), offset, method=AcquisitionLoop.declare)

    def acquire(self, offset):
        residual, state = self.loop.apply(self.variables, offset, mutable=["telemetry"])
        self.variables = {**self.variables, **state}
        self.bump("attempts", state["telemetry"]["attempts"])
        log.debug("pass on %s locked", self.site.name)
        return residual


def main():
    service = PassAcquisitionService(StationSite(), AcquisitionPolicy())
    residuals = [service.acquire(jnp.linspace(0.5, 2.0, 4) * k) for k in (1.0, 1.5)]
    jax.block_until_ready((residuals, service.total_attempts))
    return None
