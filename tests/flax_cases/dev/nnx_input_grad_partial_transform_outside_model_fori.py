# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 `functools.partial(nnx.grad(energy, argnums=1), model)` binds the outside nnx.Linear into an NNX transform, and the fori_loop body calls the partial
"""Gradient descent on the input of an energy model: a partial of nnx.grad over the model's
energy gives the input gradient, and jax.lax.fori_loop takes three steps with it."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def energy(model, x):
    return jnp.sum(model(x))


def descend(model, x0, steps):
    input_grad = functools.partial(nnx.grad(energy, argnums=1), model)

    def body(i, x):
        return x - 0.1 * input_grad(x)

    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    out = descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
    jax.tree.map(lambda a: a + 0, out)
