# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_dispatch_step factory closes over the model (nnx.Dropout with its own Rngs stream) and is wrapped in jax.checkpoint; the scan body calls it
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


def make_dispatch_step(policy):
    def step(calls):
        return policy(calls)

    return jax.checkpoint(step)


def main():
    config = DispatchConfig()
    policy = DispatchPolicy(config, rngs=nnx.Rngs(params=0, dropout=1))
    policy.train()
    step = make_dispatch_step(policy)
    lobby_calls = jnp.zeros((config.floors,)).at[0].set(3.0).at[7].set(1.0)

    def tick(carry, _):
        return carry, step(lobby_calls)

    _, assignment = jax.lax.scan(tick, None, None, length=config.ticks)
    return assignment  # [ticks, cars]
