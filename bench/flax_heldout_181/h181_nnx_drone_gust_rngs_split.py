# label: ok
# flax-error: none
# class: 3 SwarmPlanner.rngs.wind, an nnx.Rngs stream on the planner, is drawn once before the scan and split into one key per step, passed as xs
"""Delivery-drone swarm planner: sample wind gusts along a planned corridor.

The planner owns an nnx.Rngs with separate 'params' and 'wind' streams and a small
gust field that maps white noise to correlated 3-D gusts.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class GustField(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mix = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, noise):
        return jnp.tanh(self.mix(noise))


class SwarmPlanner:
    def __init__(self, n_drones: int, seed: int = 0):
        self.n_drones = n_drones
        self.rngs = nnx.Rngs(params=seed, wind=seed + 1)
        self.gusts = GustField(self.rngs)

    def simulate(self, n_steps: int, dt: float = 0.5):
        keys = jax.random.split(self.rngs.wind(), n_steps)

        def step(positions, key):
            noise = jax.random.normal(key, (self.n_drones, 3))
            gust = self.gusts(noise)
            return positions + dt * gust, gust

        start = jnp.zeros((self.n_drones, 3))
        _, gusts = jax.lax.scan(step, start, keys)
        return gusts


def main():
    planner = SwarmPlanner(n_drones=4)
    gusts = planner.simulate(n_steps=8)
    print("mean gust magnitude", float(jnp.linalg.norm(gusts, axis=-1).mean()))
    return gusts
