# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_dispatch_step() closes over the nnx policy and its nnx.Rngs and returns jax.checkpoint(step); the step draws from rngs.dispatch() inside the scheduler's while_loop
"""Elevator-group dispatch scheduler for an office tower.

A stochastic policy scores every car for each pending hall call and the scheduler samples the
car to send. The per-call step comes from a factory shared with the offline simulator, which
wraps it in jax.checkpoint; the scheduler applies it to the hall-call queue with a while_loop.
"""
from dataclasses import dataclass

import flax.nnx as nnx
import jax
import jax.numpy as jnp


class DispatchPolicy(nnx.Module):
    def __init__(self, n_features, n_cars, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_features, n_cars, rngs=rngs)

    def __call__(self, call_features):
        return self.score(call_features)


def make_dispatch_step(policy: DispatchPolicy, rngs: nnx.Rngs, temperature: float):
    def step(calls, i, assignment):
        logits = policy(calls[i]) / temperature
        car = jax.random.categorical(rngs.dispatch(), logits)
        return assignment.at[i].set(car)

    return jax.checkpoint(step)


@dataclass
class GroupScheduler:
    policy: DispatchPolicy
    rngs: nnx.Rngs
    temperature: float = 0.5

    def assign(self, calls):
        step = make_dispatch_step(self.policy, self.rngs, self.temperature)

        def pending(state):
            return state[0] < calls.shape[0]

        def body(state):
            i, assignment = state
            return i + 1, step(calls, i, assignment)

        init = (0, jnp.zeros(calls.shape[0], jnp.int32))
        return jax.lax.while_loop(pending, body, init)[1]


def main():
    calls = jax.random.normal(jax.random.key(0), (6, 5))
    rngs = nnx.Rngs(params=0, dispatch=1)
    scheduler = GroupScheduler(DispatchPolicy(5, 4, rngs=rngs), rngs)
    scheduler.assign(calls).block_until_ready()
    return None
