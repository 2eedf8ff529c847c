# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a (graphdef, state) Session from nnx.split held in LampService.pool.sessions[name], merged inside the while_loop body
"""Beam-reliability estimate for a lighthouse authority.

A pool keeps one split model per station. The service rolls the lamp model
night by night (with MC dropout standing in for flicker) until the beam
falls below the visibility threshold.
"""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LampFlicker(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.optics = nnx.Linear(3, 6, rngs=rngs)
        self.flicker = nnx.Dropout(0.2, rngs=rngs)
        self.beam = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.sigmoid(self.beam(self.flicker(nnx.relu(self.optics(weather)))) + 2.0)[0]


class Session(NamedTuple):
    graphdef: Any
    state: Any


class SessionPool:
    def __init__(self):
        self.sessions: dict[str, Session] = {}

    def add(self, name: str, model: nnx.Module):
        self.sessions[name] = Session(*nnx.split(model))


class LampService:
    def __init__(self, pool: SessionPool, threshold: float = 0.6, max_nights: int = 30):
        self.pool = pool
        self.threshold = threshold
        self.max_nights = max_nights

    def nights_visible(self, station: str, weather):
        def cond(carry):
            night, beam = carry
            return (beam > self.threshold) & (night < self.max_nights)

        def body(carry):
            night, beam = carry
            session = self.pool.sessions[station]
            lamp = nnx.merge(session.graphdef, session.state)
            return night + 1, jnp.minimum(beam, lamp(weather * (1.0 + 0.05 * night)))

        nights, _ = lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(1.0)))
        return nights


def main():
    pool = SessionPool()
    pool.add("fastnet", LampFlicker(rngs=nnx.Rngs(params=0, dropout=1)))
    LampService(pool).nights_visible("fastnet", jnp.array([0.3, 0.8, 0.1]))
    return None
