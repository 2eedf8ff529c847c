# label: ok
# flax-error: none
# class: 3 one dropout key per step scanned as xs and passed to the Dropout call through rngs=
"""MC dropout, fixed: split the keys outside and give each call its own key."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    dropout = nnx.Dropout(rate=0.5)
    x = jnp.ones((6,))
    keys = jax.random.split(jax.random.key(0), 5)

    def sample(carry, key):
        return carry, dropout(x, rngs=nnx.Rngs(dropout=key)) != 0

    _, masks = jax.lax.scan(sample, None, keys)
    return masks
