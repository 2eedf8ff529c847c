# label: ok
# flax-error: none
# class: 1 RideSimulator.__call__ draws one key with self.make_rng before its fori_loop and the body folds the round index into it
"""Carousel maintenance: simulate bearing load per horse over a number of rounds.

Each round adds a random wobble to the platform speed and feeds it through the bearing model;
the maintenance crew compares rounds to spot horses whose poles resonate.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class RideSimulator(nn.Module):
    horses: int = 6
    rounds: int = 5
    wobble_scale: float = 0.2

    @nn.compact
    def __call__(self, speed):
        bearing = nn.Dense(self.horses, name="bearing")
        baseline = bearing(speed)
        key = self.make_rng("wobble")

        def one_round(i, loads):
            wobble = self.wobble_scale * jax.random.normal(jax.random.fold_in(key, i), speed.shape)
            load = bearing(speed + wobble) - baseline
            return loads.at[i].set(load)

        loads = jnp.zeros((self.rounds, self.horses))
        return lax.fori_loop(0, self.rounds, one_round, loads)


class MaintenanceRun:
    def __init__(self, sim: RideSimulator, variables):
        self.sim = sim
        self.variables = variables

    def loads(self, speed, key):
        return self.sim.apply(self.variables, speed, rngs={"wobble": key})


def main():
    sim = RideSimulator()
    speed = jnp.linspace(0.5, 1.5, 4)
    variables = sim.init({"params": jax.random.key(0), "wobble": jax.random.key(1)}, speed)
    run = MaintenanceRun(sim, variables)
    loads = run.loads(speed, jax.random.key(2024))
    print("peak wobble load", float(jnp.max(jnp.abs(loads))))
    return loads
