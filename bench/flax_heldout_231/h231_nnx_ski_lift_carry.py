# label: ok
# flax-error: none
# class: 4 LiftQueueService.serve -> self.pool.get(lift).live_model is merged from the state the scan carries out, after the loop, and called by the dashboard
"""Queue-length estimation for the chairlifts of a ski resort.

The service keeps one session per lift, each with the split graph and state of its queue model;
gate counts stream in every minute and the live model of each session feeds the lift dashboard.
"""
from dataclasses import dataclass
from typing import Any, Optional

import jax
import jax.numpy as jnp
from flax import nnx


class QueueModel(nnx.Module):
    def __init__(self, gates: int, rngs: nnx.Rngs):
        self.rate = nnx.Linear(gates, 8, rngs=rngs)
        self.norm = nnx.LayerNorm(8, rngs=rngs)
        self.length = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, gate_counts):
        return nnx.softplus(self.length(self.norm(nnx.relu(self.rate(gate_counts)))))[..., 0]


@dataclass
class Session:
    graphdef: Any
    state: Any
    live_model: Optional[QueueModel] = None


class SessionPool:
    def __init__(self):
        self._sessions = {}

    def open(self, lift: str, model: QueueModel):
        graphdef, state = nnx.split(model)
        self._sessions[lift] = Session(graphdef, state)

    def get(self, lift: str) -> Session:
        return self._sessions[lift]


class LiftQueueService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def serve(self, lift: str, minutes):
        session = self.pool.get(lift)

        def minute(state, gate_counts):
            model = nnx.merge(session.graphdef, state)
            queue = model(gate_counts)
            return nnx.state(model), queue

        session.state, queues = jax.lax.scan(minute, session.state, minutes)
        self.pool.get(lift).live_model = nnx.merge(session.graphdef, session.state)
        return queues

    def dashboard(self, lift: str, gate_counts):
        return self.pool.get(lift).live_model(gate_counts)


def main():
    pool = SessionPool()
    for i, lift in enumerate(("gondola", "north_chair")):
        pool.open(lift, QueueModel(3, nnx.Rngs(i)))
    service = LiftQueueService(pool)
    minutes = jax.random.uniform(jax.random.key(81), (10, 2, 3))  # minutes x stations x gates
    queues = service.serve("gondola", minutes)
    board = service.dashboard("gondola", minutes[-1])
    jax.block_until_ready((queues, board))
    return None
