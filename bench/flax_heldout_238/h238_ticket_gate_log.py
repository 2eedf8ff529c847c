# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "opened" in "/" because collection "gate_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the ticket gate module's own compact method runs a while_loop over the scanned tickets and adds to its gate_log variable inside the loop body
"""Turnstile logic of a ferry ticket gate: validates a shift's scanned tickets and keeps an opening log."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class Shift(enum.Enum):
    MORNING = "morning"
    EVENING = "evening"


@dataclass(frozen=True)
class GateSpec:
    gate_id: str
    shift: Shift
    fare_zones: int = 3


class TicketGate(nn.Module):
    fare_zones: int

    @nn.compact
    def __call__(self, tickets: jax.Array) -> jax.Array:
        opened = self.variable("gate_log", "opened", jnp.zeros, (), jnp.float32)
        validity = nn.Dense(1, name="validity")
        margin = self.param("margin", nn.initializers.constant(0.1), ())
        scores = validity(tickets).squeeze(-1)

        def more_tickets(carry):
            i, _ = carry
            return i < scores.shape[0]

        def next_ticket(carry):
            i, rejected = carry
            ok = (scores[i] > -margin).astype(jnp.float32)
            opened.value = opened.value + ok
            return i + 1, rejected + (1.0 - ok)

        _, rejected = jax.lax.while_loop(more_tickets, next_ticket, (0, jnp.zeros(())))
        return rejected


def empty_log() -> dict:
    return {"opened": jnp.zeros((), jnp.float32)}


class GateController:
    def __init__(self, spec: GateSpec, key: jax.Array, sample: jax.Array):
        self.spec = spec
        self.model = TicketGate(fare_zones=spec.fare_zones)
        self.params = self.model.init(key, sample)["params"]

    def start_shift(self, tickets: jax.Array) -> jax.Array:
        return self.model.apply({"params": self.params, "gate_log": empty_log()}, tickets)


def main():
    spec = GateSpec("pier-2/gate-B", Shift.MORNING)
    tickets = jnp.stack([jnp.array([1.0, 0.0, 2.0, 0.5]), jnp.array([0.0, 1.0, 0.0, 0.2]), jnp.array([3.0, 0.0, 1.0, 0.9])])
    controller = GateController(spec, jax.random.key(4), tickets)
    rejected = controller.start_shift(tickets)
    jax.block_until_ready(rejected)
    return None
