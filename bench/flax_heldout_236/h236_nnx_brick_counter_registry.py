# label: trace-context
# flax-error: TraceContextError: Cannot mutate FiringCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the campaign reaches a kiln through its yard's kiln() lookup over an __init_subclass__ registry, and the kiln's fire method bumps its FiringCount variable inside the while_loop body
"""Brick yard firing campaign: heats a load in a registered kiln type until it reaches temperature."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class FiringCount(nnx.Variable):
    pass


class Kiln(nnx.Module):
    registry: dict = {}

    def __init_subclass__(cls, *, kind: str, **kwargs):
        super().__init_subclass__(**kwargs)
        Kiln.registry[kind] = cls

    def __init__(self, chambers: int, *, rngs: nnx.Rngs):
        self.heat = nnx.Linear(chambers, chambers, rngs=rngs)
        self.firings = FiringCount(jnp.zeros((), jnp.int32))

    def fire(self, load):
        self.firings[...] += 1
        return load + 0.1 * nnx.sigmoid(self.heat(load))


class TunnelKiln(Kiln, kind="tunnel"):
    pass


class ClampKiln(Kiln, kind="clamp"):
    def fire(self, load):
        self.firings[...] += 1
        return load + 0.05 * jnp.abs(self.heat(load))


class BrickYard:
    def __init__(self, chambers: int, kinds=("tunnel", "clamp"), seed: int = 0):
        rngs = nnx.Rngs(seed)
        self._kilns = {kind: Kiln.registry[kind](chambers, rngs=rngs) for kind in kinds}

    def kiln(self, kind: str) -> Kiln:
        return self._kilns[kind]


class FiringCampaign:
    def __init__(self, yard: BrickYard, kind: str, target: float = 1.0, max_rounds: int = 12):
        self.yard = yard
        self.kind = kind
        self.target = target
        self.max_rounds = max_rounds

    def run(self, load):
        def heating(state):
            rounds, temp = state
            return (rounds < self.max_rounds) & (temp.mean() < self.target)

        def fire_once(state):
            rounds, temp = state
            return rounds + 1, self.yard.kiln(self.kind).fire(temp)

        return while_loop(heating, fire_once, (0, load))


def main():
    yard = BrickYard(chambers=3)
    rounds, temp = FiringCampaign(yard, "tunnel").run(jnp.full((2, 3), 0.4))
    jax.block_until_ready((rounds, temp, yard.kiln("tunnel").firings[...]))
