# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 operator precedence: count + sigmoid(v) > 0.5 is a bool stored into an int32 spike count
import jax
import jax.numpy as jnp
from jax import lax


def main():
    currents = jnp.sin(jnp.arange(20.0)).reshape(10, 2)

    def neuron(carry, i_in):
        v, count = carry
        v = 0.9 * v + i_in
        count = count + jax.nn.sigmoid(v) > 0.5
        v = jnp.where(v > 1.0, 0.0, v)
        return (v, count), v

    (v, count), vs = lax.scan(neuron, (jnp.zeros(2), jnp.zeros(2, jnp.int32)), currents)
    return count
