# label: ok
# flax-error: none
# class: 1 SwarmExplorer.explore owns the "explore" stream of its nnx.Rngs and runs the scan itself; it draws one key from the stream before the loop and the body splits the carried key every step
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

        def body(carry, _):
            current, key = carry
            key, sub = jax.random.split(key)
            noise = self.noise_scale * jax.random.normal(sub, current.shape)
            return (self(current) + noise, key), noise

        _, noises = lax.scan(body, (positions, noise_key), None, length=steps)
        return noises


def main():
    explorer = SwarmExplorer(drones=4, rngs=nnx.Rngs(params=0, explore=7))
    start = jnp.zeros((4, 2))
    return explorer.explore(start, steps=6)
