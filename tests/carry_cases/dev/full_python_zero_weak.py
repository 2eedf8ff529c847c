# label: ok
# jax-error: none
# class: 1 jnp.full((2,), 0) keeps the weak type of the Python 0: float velocities promote it silently
import jax.numpy as jnp
from jax import lax


def main():
    velocities = jnp.array([[0.5, 1.0], [0.25, -1.0], [1.0, 0.0]])

    def move(pos, v):
        pos = pos + v
        return pos, pos

    pos, path = lax.scan(move, jnp.full((2,), 0), velocities)
    return path
