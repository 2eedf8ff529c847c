# label: ok
# flax-error: none
# class: 5 make_triage_step returns a step function closing over functools.partial(model.apply, mutable=...); the routing counter rides in the scan carry
"""Insurance claims triage: route incoming claims to adjuster queues in nightly batches.

The router counts how many claims it sent to each queue (the `routing` collection)
so capacity planning can read the load off the model state.
"""
from __future__ import annotations

import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn


class TriageRouter(nn.Module):
    n_queues: int = 4
    hidden: int = 16

    @nn.compact
    def __call__(self, claims):
        routed = self.variable("routing", "counts", jnp.zeros, (self.n_queues,), jnp.int32)
        h = nn.relu(nn.Dense(self.hidden)(claims))
        logits = nn.Dense(self.n_queues)(h)
        queue = jnp.argmax(logits, axis=-1)
        routed.value = routed.value + jnp.bincount(queue, length=self.n_queues)
        return logits


class NightlyResult(NamedTuple):
    high_priority: jax.Array
    mean_confidence: jax.Array
    routing: dict


def make_triage_step(model: nn.Module, variables) -> Callable:
    route = functools.partial(model.apply, mutable=["routing"])
    params = variables["params"]

    def step(carry, claims):
        n_high, routing = carry
        logits, updates = route({"params": params, "routing": routing}, claims)
        probs = jax.nn.softmax(logits)
        n_high = n_high + jnp.sum(probs[:, 0] > 0.5)
        return (n_high, updates["routing"]), jnp.max(probs, axis=-1).mean()

    return step


def run_nightly(step: Callable, batches, routing) -> NightlyResult:
    (n_high, routing), confidence = jax.lax.scan(step, (jnp.zeros((), jnp.int32), routing), batches)
    return NightlyResult(n_high, confidence.mean(), routing)


def main():
    batches = jax.random.normal(jax.random.key(9), (6, 8, 10))
    model = TriageRouter()
    variables = model.init(jax.random.key(0), batches[0])
    step = make_triage_step(model, variables)
    result = run_nightly(step, batches, variables["routing"])
    print("high priority", result.high_priority, "load", result.routing["counts"])
