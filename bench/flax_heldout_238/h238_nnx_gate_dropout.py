# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the gate service's check attribute (a TicketCheck; here an NNX module with dropout and its own Rngs) is called in the fori_loop body
"""End-of-day audit at a ferry ticket gate: every scan of the day is re-scored by the gate's ticket check."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@runtime_checkable
class TicketCheck(Protocol):
    def score(self, scans: jax.Array) -> jax.Array: ...


class BarcodeCheck(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(width, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def score(self, scans: jax.Array) -> jax.Array:
        return nnx.sigmoid(self.head(self.drop(nnx.relu(self.embed(scans))))).squeeze(-1)


class WhitelistCheck:
    def __init__(self, allowed: jax.Array):
        self.allowed = allowed

    def score(self, scans: jax.Array) -> jax.Array:
        return jnp.isin(jnp.argmax(scans, axis=-1), self.allowed).astype(jnp.float32)


class GateService:
    def __init__(self, gate_id: str, check: TicketCheck):
        self.gate_id = gate_id
        self.check = check

    def audit_day(self, scans: jax.Array, rounds: int) -> jax.Array:
        def audit_round(i, accepted):
            return accepted + self.check.score(scans).sum()

        return lax.fori_loop(0, rounds, audit_round, jnp.zeros(())) / rounds


def main():
    scans = jnp.eye(5)[jnp.array([0, 2, 4, 1])]
    services = [
        GateService("pier-1/A", WhitelistCheck(jnp.array([0, 1]))),
        GateService("pier-1/B", BarcodeCheck(5, rngs=nnx.Rngs(0))),
    ]
    accepted = {s.gate_id: s.audit_day(scans, rounds=3) for s in services}
    jax.block_until_ready(accepted)
    return None
