# label: ok
# flax-error: none
# class: 5 make_dispatch_step factory (jax.checkpoint) takes the policy state from the scan carry, merges it and returns the advanced state
"""Elevator group dispatch: stochastic car-assignment scores for a lobby call pattern, tick by tick."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DispatchConfig:
    cars: int = 4
    floors: int = 10
    ticks: int = 6
    exploration: float = 0.2


class DispatchPolicy(nnx.Module):
    def __init__(self, config, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(config.floors, 16, rngs=rngs)
        self.explore = nnx.Dropout(config.exploration, rngs=rngs)
        self.score = nnx.Linear(16, config.cars, rngs=rngs)

    def __call__(self, calls):
        return jax.nn.softmax(self.score(self.explore(nnx.relu(self.embed(calls)))))


def make_dispatch_step(graphdef):
    def step(state, calls):
        policy = nnx.merge(graphdef, state)
        scores = policy(calls)
        return nnx.state(policy), scores

    return jax.checkpoint(step)


def main():
    config = DispatchConfig()
    policy = DispatchPolicy(config, rngs=nnx.Rngs(params=0, dropout=1))
    policy.train()
    graphdef, state = nnx.split(policy)
    step = make_dispatch_step(graphdef)
    lobby_calls = jnp.zeros((config.floors,)).at[0].set(3.0).at[7].set(1.0)

    def tick(state, _):
        return step(state, lobby_calls)

    state, assignment = jax.lax.scan(tick, state, None, length=config.ticks)
    nnx.update(policy, state)
    return assignment  # [ticks, cars]
