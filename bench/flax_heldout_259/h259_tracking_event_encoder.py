# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the encoder's GRU cell, declared in setup, reaches the scan body through the make_event_step factory and is first called there during init
"""Parcel tracking-event encoder that flags shipments likely to miss their delivery promise."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

EVENT_FEATURES = 6  # scan type one-hot (4), hours since previous scan, facility load
OUTCOMES = ("on_time", "delayed", "exception")


def make_event_step(cell: nn.Module):
    def step(hidden, event):
        hidden, out = cell(hidden, event)
        return hidden, out

    return step


class TrackingEncoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(len(OUTCOMES))

    def __call__(self, events):
        # events: (time, parcels, features)
        h0 = jnp.zeros((events.shape[1], self.hidden))
        final, _ = scan(make_event_step(self.cell), h0, events)
        return self.head(final)


class PromiseRiskService:
    def __init__(self, encoder: TrackingEncoder, seed: int = 0):
        self.encoder = encoder
        self.seed = seed
        self.variables = None

    def warm_up(self, sample_events):
        self.variables = self.encoder.init(jax.random.key(self.seed), sample_events)

    def risk(self, events):
        logits = self.encoder.apply(self.variables, events)
        return jax.nn.softmax(logits)[:, 1:].sum(-1)


def main():
    events = jax.random.uniform(jax.random.key(21), (5, 3, EVENT_FEATURES))
    service = PromiseRiskService(TrackingEncoder())
    service.warm_up(events)
    risk = service.risk(events)
    jax.block_until_ready(risk)
    return None
