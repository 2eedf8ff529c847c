# label: ok
# jax-error: none
# class: 1 spike count: int32 + bool stays int32
import jax.numpy as jnp
from jax import lax


def main():
    currents = jnp.cos(jnp.arange(20.0)).reshape(10, 2)

    def neuron(carry, i_in):
        v, count = carry
        v = 0.9 * v + i_in
        fired = v > 1.0
        count = count + fired
        v = jnp.where(fired, 0.0, v)
        return (v, count), v

    (v, count), vs = lax.scan(neuron, (jnp.zeros(2), jnp.zeros(2, jnp.int32)), currents)
    return count
