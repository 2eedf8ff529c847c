# label: ok
# flax-error: none
# class: 5 the keys split from the 'jitter' stream are scanned as xs by a lap step built with functools.partial
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan as lax_scan


class LapPlan(NamedTuple):
    laps: int
    lane: jax.Array


def _resurface_lap(steer, spread, travelled, key):
    heading = steer(spread)
    wobble = 0.05 * jax.random.normal(key, heading.shape)
    waypoint = heading + wobble
    return travelled + jnp.linalg.norm(waypoint), waypoint


class PathPlanner(nn.Module):
    @nn.compact
    def __call__(self, plan: LapPlan):
        steer = nn.Dense(2, name="steer")
        spread = plan.lane
        steer(spread)
        lap_keys = jax.random.split(self.make_rng("jitter"), plan.laps)
        lap_step = functools.partial(_resurface_lap, steer, spread)
        _, waypoints = lax_scan(lap_step, jnp.zeros(()), lap_keys)
        return waypoints


class IceCrew:
    def __init__(self, laps: int = 4):
        self.planner = PathPlanner()
        self.laps = laps

    def calibrate(self, lane):
        keys = {"params": jax.random.key(0), "jitter": jax.random.key(1)}
        return self.planner.init(keys, LapPlan(self.laps, lane))

    def route(self, variables, lane, shift: int):
        return self.planner.apply(
            variables, LapPlan(self.laps, lane), rngs={"jitter": jax.random.key(100 + shift)}
        )


def main():
    crew = IceCrew()
    lane = jnp.array([0.2, 0.4, 0.1])
    variables = crew.calibrate(lane)
    return crew.route(variables, lane, shift=3)
