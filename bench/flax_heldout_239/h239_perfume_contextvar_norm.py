# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/balance" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body reaches the model through the contextvars accessor current_session() and BlendSession.forward, which applies it in training mode
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

    def forward(self, notes):
        return self.model.apply(self.variables, notes, train=True)


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
        rounds, strength = state
        return (rounds < max_rounds) & (strength < target)

    def one_round(state):
        rounds, strength = state
        out = current_session().forward(notes)
        return rounds + 1, strength + jnp.abs(out).mean()

    return jax.lax.while_loop(unsettled, one_round, (jnp.int32(0), jnp.zeros(())))


def main():
    notes = jnp.tile(jnp.array([0.3, 0.5, 0.2]), (4, 1))
    with blending(open_session("amelie", notes)):
        rounds, strength = settle(notes, target=5.0)
    jax.block_until_ready((rounds, strength))
    return None
