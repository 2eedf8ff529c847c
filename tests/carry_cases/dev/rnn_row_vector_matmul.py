# label: ok
# jax-error: none
# class: 2 row-vector RNN h @ W with a (1, H) init keeps the (1, H) shape
import jax
import jax.numpy as jnp
from jax import lax


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    W_xh = jax.random.normal(k1, (3, 16)) * 0.1
    W_hh = jax.random.normal(k2, (16, 16)) * 0.1
    xs = jax.random.normal(k3, (9, 1, 3))

    def step(h, x):
        h = jnp.tanh(x @ W_xh + h @ W_hh)
        return h, h[0]

    h, hs = lax.scan(step, jnp.zeros((1, 16)), xs)
    return hs
