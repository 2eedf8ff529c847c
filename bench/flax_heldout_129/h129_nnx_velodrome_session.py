# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls session.model and stores each lap's prediction on session.last_split, attributes of one plain session object
"""Lap-split prediction for a velodrome track-cycling coaching service.

Every rider has a coaching session holding the rider's pacing model and the latest predicted
split, which the coach's dashboard reads after the session's laps are processed.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class PacingNet(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.cadence = nnx.Linear(sensors, 8, rngs=rngs)
        self.split = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, lap):
        return 12.0 + nnx.softplus(self.split(nnx.relu(self.cadence(lap))))[..., 0]


@dataclasses.dataclass
class RiderSession:
    rider: str
    model: PacingNet
    last_split: jax.Array | None = None


def process_laps(session: RiderSession, laps):
    def body(total, lap):
        split = session.model(lap)
        session.last_split = split
        return total + split, None

    total, _ = scan(body, jnp.zeros(()), laps)
    return total


def dashboard(session: RiderSession):
    return {"rider": session.rider, "last_split": jnp.round(session.last_split, 2)}


def main():
    session = RiderSession("pursuit_3", PacingNet(5, nnx.Rngs(0)))
    laps = jax.random.normal(jax.random.key(8), (16, 5))
    process_laps(session, laps)
    dashboard(session)
    return None
