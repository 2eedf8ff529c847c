# label: ok
# flax-error: none
# class: 4 the while_loop body reaches the model through the contextvars accessor current_session() and BlendSession.forward, whose batch_stats ride in the loop carry and are committed after the loop
"""Accord strength estimation in the perfume lab's blending session."""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class AccordStrength(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, notes, train: bool):
        h = nn.Dense(self.hidden, name="blend")(notes)
        h = nn.BatchNorm(use_running_average=not train, name="balance")(h)
        return nn.Dense(1, name="strength")(nn.relu(h))


@dataclass
class BlendSession:
    perfumer: str
    model: AccordStrength
    variables: dict

    def forward(self, batch_stats, notes):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        out, updates = self.model.apply(variables, notes, train=True, mutable=["batch_stats"])
        return out, updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {**self.variables, "batch_stats": batch_stats}


_active_session: contextvars.ContextVar[BlendSession] = contextvars.ContextVar("active_session")


def current_session() -> BlendSession:
    return _active_session.get()


@contextlib.contextmanager
def blending(session: BlendSession):
    token = _active_session.set(session)
    try:
        yield session
    finally:
        _active_session.reset(token)


def open_session(perfumer: str, notes) -> BlendSession:
    model = AccordStrength()
    return BlendSession(perfumer, model, model.init(jax.random.key(7), notes, train=False))


def settle(notes, target: float, max_rounds: int = 6):
    def unsettled(state):
        rounds, strength, _ = state
        return (rounds < max_rounds) & (strength < target)

    def one_round(state):
        rounds, strength, batch_stats = state
        out, batch_stats = current_session().forward(batch_stats, notes)
        return rounds + 1, strength + jnp.abs(out).mean(), batch_stats

    start = (jnp.int32(0), jnp.zeros(()), current_session().variables["batch_stats"])
    rounds, strength, batch_stats = jax.lax.while_loop(unsettled, one_round, start)
    current_session().commit(batch_stats)
    return rounds, strength


def main():
    notes = jnp.tile(jnp.array([0.3, 0.5, 0.2]), (4, 1))
    with blending(open_session("amelie", notes)) as session:
        rounds, strength = settle(notes, target=5.0)
    jax.block_until_ready((rounds, strength, session.variables))
    return None
