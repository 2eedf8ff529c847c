# label: ok
# jax-error: none
# class: 5 a local static_field() helper of dataclasses.field(metadata={"static": True}) holds an activation function
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp


def static_field(default):
    return dataclasses.field(default=default, metadata={"static": True})


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class GatedUnit:
    w_gate: jax.Array
    w_value: jax.Array
    gate: Callable = static_field(jax.nn.sigmoid)


@jax.jit
def gated(unit, x):
    return unit.gate(x @ unit.w_gate) * (x @ unit.w_value)


def main():
    for step in range(3):
        gated(GatedUnit(jnp.ones((3, 2)) * step, jnp.ones((3, 2))), jnp.ones((1, 3)))
