# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "segments" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_probe wraps model.bind(variables) in jax.checkpoint and the LeakMonitor keeps that probe; the while_loop body calls it, and the model writes its "counters" collection
"""Segment-by-segment leak detection along a water main, stopping at the first suspicious segment."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

GAUGES = 6


class PressureModel(nn.Module):
    @nn.compact
    def __call__(self, pressures):
        evaluated = self.variable("counters", "segments", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            evaluated.value += 1
        gradient = jnp.diff(pressures)
        return nn.sigmoid(nn.Dense(1)(jnp.concatenate([pressures, gradient])))[0]


def make_probe(model: nn.Module, variables):
    bound = model.bind(variables)

    @jax.checkpoint
    def probe(pressures):
        return bound(pressures)

    return probe


@dataclasses.dataclass(frozen=True)
class LeakPolicy:
    alarm_at: float = 0.9


class LeakMonitor:
    def __init__(self, probe, policy: LeakPolicy):
        self.probe = probe
        self.policy = policy

    def first_suspicious(self, segments):
        def cond(state):
            i, score = state
            return (i < segments.shape[0]) & (score < self.policy.alarm_at)

        def body(state):
            i, _ = state
            return i + 1, self.probe(segments[i])

        index, score = lax.while_loop(cond, body, (0, jnp.zeros(())))
        return index - 1, score


def main():
    segments = 3.0 + 0.1 * jax.random.normal(jax.random.key(8), (10, GAUGES))
    model = PressureModel()
    variables = model.init(jax.random.key(0), segments[0])
    monitor = LeakMonitor(make_probe(model, variables), LeakPolicy())
    index, score = monitor.first_suspicious(segments)
    int(index)
    return None
