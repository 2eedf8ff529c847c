# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'dict'>, {'l2': 0.0001, 'layer_rates': Array([1. , 0.5], dtype=float32)}. The error was:
# class: 3 partial(jax.jit, static_argnames="hparams") called with a dict holding a jnp array of per-layer rates
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="hparams")
def regularizer(params, hparams):
    return hparams["l2"] * sum(jnp.sum(r * p ** 2) for r, p in zip(hparams["layer_rates"], params))


def main():
    hparams = {"l2": 1e-4, "layer_rates": jnp.array([1.0, 0.5])}
    params = [jnp.ones(3), jnp.ones(2)]
    for _ in range(3):
        regularizer(params, hparams=hparams)
