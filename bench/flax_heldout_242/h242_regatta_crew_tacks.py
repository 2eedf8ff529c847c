# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "tacks" in "/" because collection "crew" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body applies officer.fleet.flagship.helm with the flagship's variables (RaceOfficer -> Fleet -> Boat)
"""Beat to windward: the race officer lets the flagship's helm tack until the heading settles."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax


class Helm(linen.Module):
    @linen.compact
    def __call__(self, heading):
        tacks = self.variable("crew", "tacks", lambda: jnp.zeros((), jnp.int32))
        turn = linen.Dense(heading.shape[-1], name="rudder")(heading)
        tacks.value = tacks.value + 1
        return heading + 0.2 + 0.1 * jnp.tanh(turn)


@dataclass
class Boat:
    sail_number: str
    helm: Helm
    variables: dict


@dataclass
class Fleet:
    boats: list

    @property
    def flagship(self) -> Boat:
        return self.boats[0]


def wind_readings(seed: int):
    key = jax.random.key(seed)
    for i in itertools.count():
        yield jax.random.normal(jax.random.fold_in(key, i), (3,))


class RaceOfficer:
    def __init__(self, fleet: Fleet, max_tacks: int):
        self.fleet = fleet
        self.max_tacks = max_tacks

    def beat_to_windward(self, heading):
        def still_beating(state):
            tack, h = state
            return (tack < self.max_tacks) & (h.mean() < 1.5)

        def tack(state):
            n, h = state
            boat = self.fleet.flagship
            return n + 1, boat.helm.apply(boat.variables, h)

        return lax.while_loop(still_beating, tack, (0, heading))


def main():
    headings = jnp.stack(list(itertools.islice(wind_readings(23), 2)))
    helm = Helm()
    boats = [Boat(f"GBR-{n}", helm, helm.init(jax.random.key(n), headings)) for n in (101, 202)]
    officer = RaceOfficer(Fleet(boats), max_tacks=6)
    tacks, heading = officer.beat_to_windward(headings)
    jax.block_until_ready((tacks, heading))
    return None
