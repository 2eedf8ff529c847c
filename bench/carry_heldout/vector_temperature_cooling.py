# label: ok
# jax-error: none
# class: 2 simulated annealing with a per-coordinate temperature vector carry from the start
import jax.numpy as jnp
from jax import lax


def main():
    cooling = jnp.array([0.99, 0.95, 0.9])

    def anneal(carry, _):
        x, temp = carry
        x = x - 0.1 * temp * jnp.sign(x)
        temp = temp * cooling
        return (x, temp), temp

    (x, temp), _ = lax.scan(anneal, (jnp.ones(3), jnp.ones(3)), None, length=10)
    return x
