# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a night context handed down through run_night and integrate carries a session from the service's pool whose model, left in train() mode, runs its Dropout in the fori_loop body
"""Vineyard frost service: integrates leaf temperature overnight for each vineyard block."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class LeafTempModel(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(n_sensors, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.lin2 = nnx.Linear(32, n_sensors, rngs=rngs)

    def __call__(self, temps):
        return self.lin2(self.drop(nnx.relu(self.lin1(temps))))


class Session:
    def __init__(self, model: LeafTempModel, block: str):
        self.model = model
        self.block = block


class FrostService:
    def __init__(self, blocks, n_sensors: int):
        self.pool = {}
        for i, block in enumerate(blocks):
            model = LeafTempModel(n_sensors, nnx.Rngs(params=i, dropout=100 + i))
            model.train()  # sessions are fine-tuned online between nights
            self.pool[block] = Session(model, block)

    def session(self, block: str) -> Session:
        return self.pool[block]


@dataclass
class NightContext:
    session: Session
    hours: int
    cooling: float


def integrate(ctx: NightContext, temps):
    def hour(i, t):
        return t - ctx.cooling + 0.05 * ctx.session.model(t)

    return lax.fori_loop(0, ctx.hours, hour, temps)


def run_night(ctx: NightContext, dusk_temps):
    dawn = integrate(ctx, dusk_temps)
    return {"block": ctx.session.block, "frost": (dawn < 0.0).any()}


def main():
    service = FrostService(["north-slope", "river-flat"], n_sensors=6)
    ctx = NightContext(service.session("river-flat"), hours=10, cooling=0.4)
    report = run_night(ctx, jnp.linspace(2.0, 5.0, 6))
    jax.block_until_ready(report["frost"])
    return None


if __name__ == "__main__":
    main()
