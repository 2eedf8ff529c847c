# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 GRU-style cell counts active steps with jnp.where(mask, 1.0, 0.0) into an int32 counter
import jax
import jax.numpy as jnp
from jax import lax


def main():
    key = jax.random.PRNGKey(0)
    W = jax.random.normal(key, (8, 4)) * 0.1
    U = jax.random.normal(key, (8, 8)) * 0.1
    xs = jax.random.normal(key, (5, 4))
    mask = jnp.array([1, 1, 0, 1, 0], dtype=bool)

    def cell(carry, inp):
        h, n_active = carry
        x, m = inp
        z = jax.nn.sigmoid(W @ x + U @ h)
        h_new = jnp.where(m, (1 - z) * h + z * jnp.tanh(W @ x), h)
        n_active = n_active + jnp.where(m, 1.0, 0.0)
        return (h_new, n_active), h_new

    (h, n), hs = lax.scan(cell, (jnp.zeros(8), jnp.int32(0)), (xs, mask))
    return h, n
