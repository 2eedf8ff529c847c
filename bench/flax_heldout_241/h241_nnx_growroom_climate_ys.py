# label: ok
# flax-error: none
# class: 3 the service's model attribute is split and merged from the scan carry; the merged state leaves as ys and the last one is written back after the loop
"""Climate normaliser for mushroom grow rooms: CO2, humidity and temperature readings per hour."""
from functools import cached_property
from typing import List

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ClimateNorm(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(channels, momentum=0.7, rngs=rngs)
        self.head = nnx.Linear(channels, 1, rngs=rngs)

    def __call__(self, readings):
        return self.head(self.norm(readings)).squeeze(-1)


class GrowRoomService:
    channels = 3

    def __init__(self, room: str, seed: int = 0):
        self.room = room
        self.seed = seed
        self.snapshots: List = []

    @cached_property
    def model(self) -> ClimateNorm:
        return ClimateNorm(self.channels, rngs=nnx.Rngs(self.seed))

    def calibrate(self, hourly):
        graphdef, state = nnx.split(self.model)

        def hour(state, readings):
            model = nnx.merge(graphdef, state)
            score = model(readings).mean()
            new_state = nnx.state(model)
            return new_state, (score, new_state)

        _, (_, states) = jax.lax.scan(hour, state, hourly)
        self.snapshots.append(jax.tree.map(lambda leaf: leaf[-1], states))
        nnx.update(self.model, self.snapshots[-1])

    def score(self, readings):
        self.model.eval()
        return self.model(readings)


def main():
    service = GrowRoomService("button-3")
    hourly = jnp.linspace(0.0, 1.0, 4 * 2 * 3).reshape(4, 2, 3) * jnp.array([900.0, 0.9, 16.0])
    service.calibrate(hourly)
    jax.block_until_ready(service.score(hourly[0]))
    return None
