# label: ok
# flax-error: none
# class: 4 observatory.dome.tracker.make_step() returns a step closing over the dataclass's model and params; the while_loop body applies the model with mutable 'counters' carried in the loop state
"""Observatory: slews the dome shutter to follow a telescope's azimuth."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class SlewNet(nn.Module):
    @nn.compact
    def __call__(self, error):
        calls = self.variable("counters", "slew_calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value = calls.value + 1
        feats = jnp.stack([jnp.sin(error), jnp.cos(error), error])
        return 0.5 * jnp.tanh(nn.Dense(1)(nn.relu(nn.Dense(8)(feats)))[0])


@dataclass
class DomeTracker:
    model: nn.Module
    variables: dict
    tolerance: float = 0.01
    max_moves: int = 25

    def make_step(self, target):
        params = self.variables["params"]

        def step(state):
            moves, azimuth, counters = state
            delta, updates = self.model.apply(
                {"params": params, "counters": counters}, target - azimuth, mutable=["counters"]
            )
            return moves + 1, azimuth + delta, updates["counters"]
        return step

    def cond(self, target):
        def keep_going(state):
            moves, azimuth, _ = state
            return (moves < self.max_moves) & (jnp.abs(target - azimuth) > self.tolerance)
        return keep_going


@dataclass
class Dome:
    tracker: DomeTracker
    name: str = "east dome"


@dataclass
class Observatory:
    dome: Dome
    site: str = "ridge"


def follow(observatory: Observatory, target: float):
    tracker = observatory.dome.tracker
    init = (jnp.zeros((), jnp.int32), jnp.zeros(()), tracker.variables["counters"])
    moves, azimuth, counters = jax.lax.while_loop(tracker.cond(target), tracker.make_step(target), init)
    tracker.variables = {**tracker.variables, "counters": counters}
    return moves, azimuth


def main():
    model = SlewNet()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    observatory = Observatory(Dome(DomeTracker(model, variables)))
    moves, azimuth = follow(observatory, 1.2)
    print(int(moves), float(azimuth))
    return None
