# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'metadata_case.Gaussian'>, Gaussian(mean=Array([0., 0.], dtype=float32), log_std=Array([0., 0.], dtype=float32)). The error was:
# class: 3 method of a flax.struct dataclass jitted with static_argnums=0 while the instance holds arrays
from functools import partial

import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Gaussian:
    mean: jax.Array
    log_std: jax.Array

    @partial(jax.jit, static_argnums=0)
    def log_prob(self, x):
        z = (x - self.mean) / jnp.exp(self.log_std)
        return -0.5 * jnp.sum(z ** 2) - jnp.sum(self.log_std)


def main():
    dist = Gaussian(jnp.zeros(2), jnp.zeros(2))
    for _ in range(3):
        dist.log_prob(jnp.ones(2))
