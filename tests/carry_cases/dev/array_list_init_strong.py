# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 jnp.array([0, 0]) is strongly typed int32 (unlike jnp.array(0)): adding float velocities drifts
import jax.numpy as jnp
from jax import lax


def main():
    velocities = jnp.array([[0.5, 1.0], [0.25, -1.0], [1.0, 0.0]])

    def move(pos, v):
        pos = pos + v
        return pos, pos

    pos, path = lax.scan(move, jnp.array([0, 0]), velocities)
    return path
