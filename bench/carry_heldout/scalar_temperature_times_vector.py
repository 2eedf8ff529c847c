# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 simulated annealing: scalar temperature carry multiplied by a per-coordinate cooling vector
import jax.numpy as jnp
from jax import lax


def main():
    cooling = jnp.array([0.99, 0.95, 0.9])

    def anneal(carry, _):
        x, temp = carry
        x = x - 0.1 * temp * jnp.sign(x)
        temp = temp * cooling
        return (x, temp), temp

    (x, temp), _ = lax.scan(anneal, (jnp.ones(3), jnp.float32(1.0)), None, length=10)
    return x
