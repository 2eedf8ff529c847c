# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 a list carry of particle positions appended to in the body
import jax.numpy as jnp
from jax import lax


def main():
    forces = jnp.ones((6, 2)) * 0.1

    def push(positions, f):
        positions = list(positions)
        positions.append(positions[-1] + f)
        return positions, positions[-1]

    carry, path = lax.scan(push, [jnp.zeros(2)], forces)
    return path
