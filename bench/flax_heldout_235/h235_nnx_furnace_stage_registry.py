# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 stages registered by a decorator run in the scan body on the merged melt model; the "fine" stage files that model in the run ledger
"""Pot-furnace melt schedule: charge, melt and fine stages from a registry, run once per hour."""

from __future__ import annotations

import dataclasses
import functools
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

_STAGES: dict[str, Callable] = {}


def stage(name: str):
    def register(fn):
        _STAGES[name] = fn
        return fn
    return register


@dataclasses.dataclass
class RunLedger:
    fined_models: list = dataclasses.field(default_factory=list)


LEDGER = RunLedger()


class MeltModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.heat = nnx.Linear(3, 3, rngs=rngs)
        self.fining = nnx.Param(jnp.full((3,), 0.2))

    def __call__(self, melt):
        return melt + 0.1 * jnp.tanh(self.heat(melt))


@stage("charge")
def charge(model: MeltModel, melt):
    return melt + jnp.array([0.05, 0.0, 0.0])


@stage("melt")
def melt_stage(model: MeltModel, melt):
    return model(melt)


@stage("fine")
def fine(model: MeltModel, melt):
    model.fining[...] = 0.95 * model.fining[...] + 0.05 * melt
    LEDGER.fined_models.append(model)
    return melt - 0.01 * model.fining[...]


class MeltSchedule:
    order = ("charge", "melt", "fine")

    def __init__(self):
        self.model = MeltModel(nnx.Rngs(12))

    def run(self, hours: int = 4):
        graphdef, state = nnx.split(self.model)

        def hour(carry, _):
            state, melt = carry
            model = nnx.merge(graphdef, state)
            melt = functools.reduce(lambda acc, name: _STAGES[name](model, acc), self.order, melt)
            return (nnx.state(model), melt), melt.mean()

        (state, melt), means = lax.scan(hour, (state, jnp.array([1.0, 0.5, 0.2])), None, length=hours)
        nnx.update(self.model, state)
        return melt, means


def main():
    melt, means = MeltSchedule().run()
    audited = LEDGER.fined_models[-1](melt)
    jax.block_until_ready((melt, means, audited))
    return None
