# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax.struct static field typed as a plain dataclass Normalizer that holds mean and std arrays
import dataclasses

import jax
import jax.numpy as jnp
from flax import struct


@dataclasses.dataclass
class Normalizer:
    mean: jax.Array
    std: jax.Array


@struct.dataclass
class Policy:
    weights: jax.Array
    normalizer: Normalizer = struct.field(pytree_node=False)


@jax.jit
def act(policy, obs):
    obs = (obs - policy.normalizer.mean) / policy.normalizer.std
    return jnp.tanh(policy.weights @ obs)


def main():
    observations = jnp.ones((5, 3))
    for _ in range(3):
        stats = Normalizer(observations.mean(axis=0), observations.std(axis=0) + 1.0)
        act(Policy(jnp.ones((2, 3)), stats), observations[0])
