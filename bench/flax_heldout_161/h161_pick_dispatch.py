# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "waves_released" in "/" because collection "dispatch" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 PickWaveScorer.dispatch owns the "dispatch" counter variable and increments it inside its own while_loop body
"""Warehouse pick-wave dispatcher: releases order waves to the floor until the picker capacity is used up."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class FloorConfig:
    pickers: int = 6
    capacity: float = 40.0
    features: int = 5


class PickWaveScorer(nn.Module):
    config: FloorConfig

    def setup(self):
        self.effort = nn.Dense(1)
        self.released = self.variable("dispatch", "waves_released", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, waves):
        return nn.softplus(self.effort(waves))[..., 0]

    def dispatch(self, waves):
        effort = self(waves)
        capacity = self.config.capacity

        def cond(state):
            i, used = state
            return (i < waves.shape[0]) & (used + effort[i].sum() <= capacity)

        def body(state):
            i, used = state
            self.released.value = self.released.value + 1
            return i + 1, used + effort[i].sum()

        return jax.lax.while_loop(cond, body, (0, jnp.float32(0.0)))


class WaveReleaseService:
    def __init__(self, config: FloorConfig):
        self.model = PickWaveScorer(config)
        self.config = config
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((1, config.pickers, config.features)))

    def release(self, backlog):
        count, used = self.model.apply(self.variables, backlog, method=PickWaveScorer.dispatch)
        return int(count), float(used)


def main():
    config = FloorConfig()
    backlog = jax.random.uniform(jax.random.key(4), (10, config.pickers, config.features))
    WaveReleaseService(config).release(backlog)
    return None
