# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 RNN cell factory with the activation picked from a dict; the int8 quantised-state cell applies jax.nn.gelu
import jax
import jax.numpy as jnp
from jax import lax

ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu}


def make_cell(name, W):
    act = ACTIVATIONS[name]

    def cell(h, x):
        h = act(W @ h + x)
        return h, h

    return cell


def main():
    W = jnp.eye(3, dtype=jnp.int8)
    xs = jnp.ones((4, 3), jnp.int8)
    h, hs = lax.scan(make_cell("gelu", W), jnp.zeros(3, jnp.int8), xs)
    return hs
