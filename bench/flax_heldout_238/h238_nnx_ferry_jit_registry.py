# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 handlers are wrapped with nnx.jit and stored by a decorator registry; the fare desk's scan body calls a registered handler with the desk's NNX fare model
"""Fare desk of a ferry line: ticket gate batches are priced by handlers looked up in a registry (NNX)."""

from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

HANDLERS: dict[str, Callable] = {}


def handler(name: str):
    def register(fn):
        HANDLERS[name] = nnx.jit(fn)
        return fn

    return register


class FareModel(nnx.Module):
    def __init__(self, classes: int, *, rngs: nnx.Rngs):
        self.tariff = nnx.Linear(classes, 1, rngs=rngs)
        self.surcharge = nnx.Param(jnp.asarray(0.5))

    def __call__(self, tickets: jax.Array) -> jax.Array:
        return nnx.relu(self.tariff(tickets)).squeeze(-1) + self.surcharge[...]


@handler("fare_estimate")
def fare_estimate(model: FareModel, tickets: jax.Array) -> jax.Array:
    return model(tickets)


@handler("fare_audit")
def fare_audit(model: FareModel, tickets: jax.Array) -> jax.Array:
    return jnp.abs(model(tickets) - model(jnp.ones_like(tickets)))


class FareDesk:
    def __init__(self, model: FareModel, route: str):
        self.model = model
        self.route = route

    def takings(self, gate_batches: jax.Array, kind: str = "fare_estimate") -> jax.Array:
        price = HANDLERS[kind]

        def batch(total, tickets):
            fares = price(self.model, tickets)
            return total + fares.sum(), fares.mean()

        return scan(batch, jnp.zeros(()), gate_batches)


def main():
    desk = FareDesk(FareModel(3, rngs=nnx.Rngs(9)), route="Hallstrand-Oby")
    gate_batches = jnp.stack([jnp.eye(3), jnp.eye(3)[::-1], jnp.ones((3, 3)) / 3.0])
    total, means = desk.takings(gate_batches)
    jax.block_until_ready((total, means))
    return None
