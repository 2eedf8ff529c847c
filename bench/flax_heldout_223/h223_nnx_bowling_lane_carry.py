# label: ok
# flax-error: none
# class: 5 a factory returns a jax.checkpoint-wrapped step that merges the lane model from the carried state and returns its nnx.state with the ball path, carried to the next shot
"""Bowling centre lane maintenance: repeat the reference shot over a fresh oil pattern to see its spread."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BallPathModel(nnx.Module):
    """Board number at the arrows, breakpoint and pocket from release parameters."""

    def __init__(self, rngs: nnx.Rngs):
        self.oil = nnx.Linear(4, 16, rngs=rngs)
        self.variation = nnx.Dropout(0.3, rngs=rngs)
        self.path = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, release):
        return self.path(self.variation(nnx.relu(self.oil(release))))


def make_lane_step(graphdef):
    def step(state, release):
        lane = nnx.merge(graphdef, state)
        return lane(release), nnx.state(lane)

    return jax.checkpoint(step)


class LaneTester:
    def __init__(self, seed: int = 0):
        model = BallPathModel(nnx.Rngs(params=seed, dropout=seed + 5))
        self.graphdef, self.state = nnx.split(model)
        self.step = make_lane_step(self.graphdef)

    def reference_shots(self, release, shots: int = 6):
        def shot(state, _):
            path, state = self.step(state, release)
            return state, path

        self.state, paths = lax.scan(shot, self.state, None, length=shots)
        return paths


def main():
    tester = LaneTester()
    return tester.reference_shots(jnp.array([17.0, 2.1, 7.5, 0.6]) / 10.0)
