# label: ok
# flax-error: none
# class: 5 ElevatorDispatcher.policy_fn is jax.checkpoint(partial(nn.remat(PolicyNet).apply, variables)); the fori_loop body folds the call index into the exploration key
"""Elevator group dispatch with exploration noise.

The dispatch policy is rematerialised (the tower has 40 floors of features) and
keeps dropout on as cheap exploration; each simulated hall call is scored once and
the per-call car preferences are written into a buffer.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

N_CARS = 6


class PolicyNet(nn.Module):
    deterministic: bool = False

    @nn.compact
    def __call__(self, hall_call):
        h = nn.relu(nn.Dense(32)(hall_call))
        h = nn.Dropout(0.25, deterministic=self.deterministic)(h)
        return nn.softmax(nn.Dense(N_CARS)(h))


RematPolicy = nn.remat(PolicyNet)


class ElevatorDispatcher:
    def __init__(self, variables, exploration_key):
        policy = RematPolicy()
        self.exploration_key = exploration_key
        self.policy_fn = jax.checkpoint(functools.partial(policy.apply, variables))

    def replay(self, hall_call, n_calls):
        def body(i, buffer):
            call_key = jax.random.fold_in(self.exploration_key, i)
            preference = self.policy_fn(hall_call, rngs={"dropout": call_key})
            return buffer.at[i].set(preference)

        return fori_loop(0, n_calls, body, jnp.zeros((n_calls, N_CARS)))


def main():
    hall_call = jax.random.normal(jax.random.key(0), (40,))
    variables = RematPolicy(deterministic=True).init(jax.random.key(1), hall_call)
    dispatcher = ElevatorDispatcher(variables, exploration_key=jax.random.key(2))
    return dispatcher.replay(hall_call, n_calls=5)
