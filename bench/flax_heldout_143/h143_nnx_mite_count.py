# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ApiaryService.pool[hive] -> HiveSession.step merges the carried state in the scan body and keeps the merged model as session.live, used by report() after the loop
"""Beekeeping: count varroa mites on sticky-board images across a season of inspections."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class MiteCounter(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Linear(9, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, board):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.conv(board)))))[..., 0]


class HiveSession:
    def __init__(self, model: MiteCounter):
        self.graphdef, self.state = nnx.split(model)
        self.live = None

    def step(self, state, board):
        model = nnx.merge(self.graphdef, state)
        counts = model(board)
        self.live = model  # keep the freshest model around for the dashboard
        return nnx.state(model), counts.sum()


class ApiaryService:
    def __init__(self):
        self.pool: dict[str, HiveSession] = {}

    def open(self, hive: str, seed: int) -> HiveSession:
        self.pool[hive] = HiveSession(MiteCounter(nnx.Rngs(seed)))
        return self.pool[hive]

    def survey(self, hive: str, boards):
        session = self.pool[hive]
        session.state, totals = jax.lax.scan(session.step, session.state, boards)
        return totals

    def report(self, hive: str, board):
        return self.pool[hive].live(board).mean()


def main():
    inspections, boards = 5, 4
    images = jnp.abs(jnp.sin(jnp.arange(inspections * boards * 9, dtype=jnp.float32))).reshape(inspections, boards, 9)
    service = ApiaryService()
    service.open("hive-07", seed=2)
    totals = service.survey("hive-07", images)
    float(service.report("hive-07", images[-1]) + totals.sum())
    return None
