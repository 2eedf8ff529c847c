# label: ok
# jax-error: none
# class: 3 jax.jit static arguments given an Enum member and a string
import enum
from functools import partial

import jax
import jax.numpy as jnp


class Mode(enum.Enum):
    TRAIN = "train"
    EVAL = "eval"


@partial(jax.jit, static_argnums=(1, 2))
def loss_fn(errors, mode, reduction):
    if mode is Mode.TRAIN:
        errors = errors ** 2
    return jnp.mean(errors) if reduction == "mean" else jnp.sum(errors)


def main():
    for _ in range(3):
        loss_fn(jnp.ones(5), Mode.TRAIN, "mean")
        loss_fn(jnp.ones(5), Mode.EVAL, "sum")
