# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 LSTM body returns (h, (h, c)) instead of ((h, c), h): the two halves of the pair are swapped
import jax
import jax.numpy as jnp
from jax import lax


def main():
    key = jax.random.PRNGKey(0)
    Wx = jax.random.normal(key, (3, 4 * 5)) * 0.1
    Wh = jax.random.normal(key, (5, 4 * 5)) * 0.1
    xs = jax.random.normal(key, (6, 3))

    def lstm(carry, x):
        h, c = carry
        i, f, g, o = jnp.split(x @ Wx + h @ Wh, 4)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return h, (h, c)

    _, hs = lax.scan(lstm, (jnp.zeros(5), jnp.zeros(5)), xs)
    return hs
