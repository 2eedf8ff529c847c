# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 3 the fori_loop body builds `functools.partial(nnx.grad(energy, argnums=1), model)` over the outside nnx.Linear and calls it
"""Gradient descent on the input of an energy model: each jax.lax.fori_loop step builds a
partial of nnx.grad over the model's energy and takes a step along the input gradient."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def energy(model, x):
    return jnp.sum(model(x))


def descend(model, x0, steps):
    def body(i, x):
        return x - 0.1 * functools.partial(nnx.grad(energy, argnums=1), model)(x)

    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    out = descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
    jax.tree.map(lambda a: a + 0, out)
