# label: recompiles
# jax-error: none
# class: 5 project-local static() wrapper of dataclasses.field(metadata={"static": True}) holds a 0-d jnp.mean bias recomputed per batch
import dataclasses

import jax
import jax.numpy as jnp


def static(**kwargs):
    return dataclasses.field(metadata={"static": True}, **kwargs)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Centered:
    values: jax.Array
    bias: jax.Array = static()


@jax.jit
def uncenter(c):
    return c.values + c.bias


def main():
    for step in range(4):
        batch = jnp.arange(5.0) + step
        uncenter(Centered(batch - jnp.mean(batch), jnp.mean(batch)))
