# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 decoder state with a None attention placeholder in the init that the body fills with an array
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.ones((4, 3))

    def step(state, x):
        h, attn = state
        h = jnp.tanh(h + x)
        attn = h / jnp.sum(h)
        return (h, attn), h

    init = (jnp.zeros(3), None)
    _, hs = lax.scan(step, init, xs)
    return hs
