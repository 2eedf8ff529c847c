# label: trace-context
# flax-error: TraceContextError: Cannot mutate BleachingEvents from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ReefMonitor.scan_season runs jax.lax.fori_loop itself and the body calls self.record_events from EventLedgerMixin, which writes the module's BleachingEvents variable (an nnx.Variable subclass)
"""Coral-reef bleaching monitor counting heat-stress events over a season."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class BleachingEvents(nnx.Variable):
    """Running count of degree-heating-week alerts; kept out of the optimiser."""


class EventLedgerMixin:
    events: BleachingEvents

    def record_events(self, alerts):
        self.events[...] = self.events[...] + alerts.sum()

    def reset_events(self):
        self.events[...] = jnp.zeros_like(self.events[...])


class ReefMonitor(EventLedgerMixin, nnx.Module):
    def __init__(self, sites: int, *, rngs: nnx.Rngs):
        self.stress = nnx.Linear(2, 1, rngs=rngs)
        self.events = BleachingEvents(jnp.zeros((), jnp.float32))
        self.sites = sites

    def heat_stress(self, sst, anomaly):
        features = jnp.stack([sst, anomaly], axis=-1)
        return nnx.sigmoid(self.stress(features))[..., 0]

    def scan_season(self, sst_weeks, anomaly_weeks):
        def week(i, exposure):
            stress = self.heat_stress(sst_weeks[i], anomaly_weeks[i])
            self.record_events(stress > 0.5)
            return exposure + stress

        return jax.lax.fori_loop(0, sst_weeks.shape[0], week, jnp.zeros((self.sites,)))


def main():
    monitor = ReefMonitor(sites=7, rngs=nnx.Rngs(0))
    sst = 28.0 + jax.random.normal(jax.random.key(1), (12, 7))
    anomaly = jax.random.normal(jax.random.key(2), (12, 7))
    exposure = monitor.scan_season(sst, anomaly)
    print("exposure", float(exposure.mean()), "events", float(monitor.events[...]))
    return None
