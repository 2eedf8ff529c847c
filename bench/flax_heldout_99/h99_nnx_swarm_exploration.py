# label: same-values
# flax-error: none
# class: 1 SwarmExplorer.explore owns the "explore" stream of its nnx.Rngs and runs the scan itself; it draws one key from the stream before the loop and the body reuses it for every step's noise
"""Drone swarm mapping: a shared waypoint policy plus exploration noise spreads drones over a survey area."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SwarmExplorer(nnx.Module):
    def __init__(self, drones, *, rngs: nnx.Rngs, noise_scale=0.3):
        self.policy = nnx.Linear(2, 2, rngs=rngs)
        self.rngs = rngs
        self.drones = drones
        self.noise_scale = noise_scale

    def __call__(self, positions):
        return positions + 0.1 * jnp.tanh(self.policy(positions))

    def explore(self, positions, steps):
        noise_key = self.rngs.explore()

        def body(current, _):
            noise = self.noise_scale * jax.random.normal(noise_key, current.shape)
            return self(current) + noise, noise

        _, noises = lax.scan(body, positions, None, length=steps)
        return noises


def main():
    explorer = SwarmExplorer(drones=4, rngs=nnx.Rngs(params=0, explore=7))
    start = jnp.zeros((4, 2))
    return explorer.explore(start, steps=6)
