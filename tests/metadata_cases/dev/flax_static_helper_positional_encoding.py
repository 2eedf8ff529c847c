# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 a project-local static_field() wrapping struct.field(pytree_node=False) holds sinusoidal positional encodings from a helper
import flax.struct
import jax
import jax.numpy as jnp
import numpy as np


def static_field(**kwargs):
    return flax.struct.field(pytree_node=False, **kwargs)


def sinusoidal_encoding(length, dim):
    positions = np.arange(length)[:, None]
    rates = 1.0 / (10000 ** (np.arange(dim) / dim))
    return jnp.sin(positions * rates)


@flax.struct.dataclass
class Embedder:
    table: jax.Array
    pos_encoding: jax.Array = static_field()


@jax.jit
def embed(embedder, ids):
    return embedder.table[ids] + embedder.pos_encoding[: ids.shape[0]]


def main():
    ids = jnp.array([1, 2, 3])
    for seed in range(3):
        table = jax.random.normal(jax.random.PRNGKey(seed), (10, 4))
        embed(Embedder(table, sinusoidal_encoding(8, 4)), ids)
