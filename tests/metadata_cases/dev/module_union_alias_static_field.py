# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 static dataclass field annotated with a module-level alias Union[jax.Array, float], given a multi-element array
import dataclasses
from typing import Union

import jax
import jax.numpy as jnp

Scalar = Union[jax.Array, float]


@dataclasses.dataclass
class Prior:
    loc: jax.Array
    scale: Scalar = dataclasses.field(metadata={"static": True})


jax.tree_util.register_dataclass(Prior)


@jax.jit
def log_prob(prior, x):
    return -0.5 * jnp.sum(((x - prior.loc) / prior.scale) ** 2)


def main():
    x = jnp.ones(3)
    for _ in range(3):
        prior = Prior(loc=jnp.zeros(3), scale=jnp.array([1.0, 2.0, 3.0]))
        log_prob(prior, x)
