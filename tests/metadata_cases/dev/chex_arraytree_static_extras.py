# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 flax.struct static field annotated chex.ArrayTree holds a dict of arrays
import chex
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Transition:
    observation: chex.Array
    reward: chex.Array
    extras: chex.ArrayTree = struct.field(pytree_node=False, default=None)


@jax.jit
def discounted(transition, gamma):
    return transition.reward * gamma + jnp.sum(transition.extras["bonus"])


def main():
    for step in range(3):
        transition = Transition(
            observation=jnp.ones(4),
            reward=jnp.float32(step),
            extras={"bonus": jnp.ones(2) * 0.1},
        )
        discounted(transition, 0.99)
