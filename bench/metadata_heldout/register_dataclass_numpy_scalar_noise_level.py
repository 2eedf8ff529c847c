# label: recompiles
# jax-error: none
# class: 5 register_dataclass meta field holds an np.float32 noise level from a numpy schedule
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass
class Corruption:
    image: jax.Array
    noise_level: np.float32


jax.tree_util.register_dataclass(Corruption, data_fields=["image"], meta_fields=["noise_level"])


@jax.jit
def corrupt(c, key):
    return c.image + c.noise_level * jax.random.normal(key, c.image.shape)


def main():
    levels = np.linspace(0.1, 0.4, 4).astype(np.float32)
    key = jax.random.PRNGKey(1)
    for level in levels:
        corrupt(Corruption(jnp.zeros((2, 2)), level), key)
