# label: ok
# flax-error: none
# class: 5 functools.partial(_spread_step, graphdef) as the fori_loop body carries the nnx.state; SpreaderFleet nnx.update-s from the returned carry and publishes it to the module-level _REGISTRY singleton
"""Ice-road trucking: plan salt and grit spreading passes with a learned brine-coverage model."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import nnx


class _StateRegistry:
    """Process-wide registry the fleet dashboard polls for the latest model state."""

    def __init__(self):
        self._latest = {}

    def publish(self, name, state):
        self._latest[name] = state

    def latest(self, name):
        return self._latest[name]


_REGISTRY = _StateRegistry()


class CoverageModel(nnx.Module):
    def __init__(self, lanes: int, rngs: nnx.Rngs):
        self.spread = nnx.Linear(lanes, lanes, rngs=rngs)
        self.norm = nnx.BatchNorm(lanes, momentum=0.9, rngs=rngs)

    def __call__(self, road):
        return jnp.clip(road + 0.1 * nnx.sigmoid(self.norm(self.spread(road))), 0.0, 1.0)


def _spread_step(graphdef, i, carry):
    state, road = carry
    model = nnx.merge(graphdef, state)
    road = model(road)
    return nnx.state(model), road


class SpreaderFleet:
    def __init__(self, lanes: int):
        self.trucks = {name: CoverageModel(lanes, nnx.Rngs(seed)) for seed, name in enumerate(["grader-1", "tanker-2"])}

    def run(self, truck: str, road, passes: int):
        model = self.trucks[truck]
        graphdef, state = nnx.split(model)
        step = functools.partial(_spread_step, graphdef)
        state, road = jax.lax.fori_loop(0, passes, step, (state, road))
        nnx.update(model, state)
        _REGISTRY.publish(truck, nnx.state(model))
        return road


def main():
    fleet = SpreaderFleet(lanes=4)
    road = jnp.linspace(0.0, 0.5, 3 * 4).reshape(3, 4)
    road = fleet.run("grader-1", road, passes=6)
    fleet.trucks["grader-1"].eval()
    float(fleet.trucks["grader-1"](road).mean())
    return None
