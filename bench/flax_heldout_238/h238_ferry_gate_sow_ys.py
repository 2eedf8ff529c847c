# label: ok
# flax-error: none
# class: 1 the ticket-gate queue module's own compact method scans over arrival slots, returns the queue lengths as the scan's ys and sows them once after the scan
"""Queue model for the ticket gates of a ferry terminal: arrivals per slot against the service rate of each gate."""

from __future__ import annotations

import dataclasses
from typing import Sequence

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TerminalConfig:
    gates: int = 4
    slots: int = 6
    sailing: str = "08:40 Hallstrand"


class GateQueue(nn.Module):
    gates: int

    @nn.compact
    def __call__(self, arrivals: jax.Array) -> jax.Array:
        service = self.param("service_rate", nn.initializers.constant(1.5), (self.gates,))
        balk = self.param("balk", nn.initializers.constant(0.05), (self.gates,))

        def slot(queue, arriving):
            queue = jnp.maximum(queue * (1.0 - balk) + arriving - service, 0.0)
            return queue, queue

        final, lengths = scan(slot, jnp.zeros((self.gates,)), arrivals)
        self.sow("intermediates", "queue_length", lengths)
        return final


class BoardingDashboard:
    def __init__(self, config: TerminalConfig, model: GateQueue, params):
        self.config = config
        self.model = model
        self.params = params

    def _run(self, arrivals: jax.Array):
        final, state = self.model.apply({"params": self.params}, arrivals, mutable=["intermediates"])
        return final, state["intermediates"]["queue_length"]

    def peak_queue(self, arrivals: jax.Array) -> jax.Array:
        _, lengths = self._run(arrivals)
        return jnp.max(jnp.stack(lengths))


def arrival_profile(config: TerminalConfig, counts: Sequence[float]) -> jax.Array:
    per_slot = jnp.asarray(counts, dtype=jnp.float32)[: config.slots]
    spread = jnp.linspace(0.8, 1.2, config.gates)
    return per_slot[:, None] * spread[None, :]


def main():
    config = TerminalConfig()
    arrivals = arrival_profile(config, [1.0, 3.0, 4.5, 2.0, 0.5, 0.0])
    model = GateQueue(gates=config.gates)
    params = model.init(jax.random.key(0), arrivals)["params"]
    dashboard = BoardingDashboard(config, model, params)
    peak = dashboard.peak_queue(arrivals)
    jax.block_until_ready(peak)
    return None
