# label: trace-context
# flax-error: TraceContextError: Cannot mutate PumpCycles from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 simulate_voyage() builds a local BallastController and the scan body calls it; the controller increments its PumpCycles Variable subclass on every call
"""Ship ballast-water controller simulation.

Classification societies require the pump duty to be logged, so the
controller counts pump cycles in a custom nnx.Variable type that the export
tooling filters on.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PumpCycles(nnx.Variable):
    """Duty counter exported to the class-society log."""


@dataclasses.dataclass(frozen=True)
class VoyageProfile:
    legs: int = 10
    tanks: int = 4
    seed: int = 0


class BallastController(nnx.Module):
    def __init__(self, tanks, rngs: nnx.Rngs):
        self.trim = nnx.Linear(tanks + 2, tanks, rngs=rngs)
        self.cycles = PumpCycles(jnp.zeros((), jnp.int32))

    def __call__(self, levels, sea_state):
        self.cycles[...] = self.cycles[...] + 1
        x = jnp.concatenate([levels, sea_state])
        return jnp.clip(levels + 0.1 * jnp.tanh(self.trim(x)), 0.0, 1.0)


def simulate_voyage(profile):
    controller = BallastController(profile.tanks, nnx.Rngs(profile.seed))
    sea = jax.random.normal(jax.random.key(profile.seed + 1), (profile.legs, 2))

    def leg(levels, sea_state):
        levels = controller(levels, sea_state)
        return levels, levels.mean()

    levels, trim_log = scan(leg, jnp.full(profile.tanks, 0.5), sea)
    return levels, trim_log, controller.cycles[...]


def main():
    simulate_voyage(VoyageProfile())
    return None
