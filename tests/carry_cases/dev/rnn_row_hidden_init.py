# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 hidden state initialised as a (1, H) row but the cell computes W @ h[0], returning (H,)
import jax
import jax.numpy as jnp
from jax import lax


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    W_xh = jax.random.normal(k1, (16, 3)) * 0.1
    W_hh = jax.random.normal(k2, (16, 16)) * 0.1
    xs = jax.random.normal(k3, (9, 3))

    def step(h, x):
        h = jnp.tanh(W_xh @ x + W_hh @ h[0])
        return h, h

    h0 = jnp.zeros((1, 16))
    h, hs = lax.scan(step, h0, xs)
    return hs
