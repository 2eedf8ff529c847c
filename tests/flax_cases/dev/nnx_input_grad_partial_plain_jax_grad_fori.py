# label: ok
# flax-error: none
# class: 4 `functools.partial(energy_grad, model)` binds the outside nnx.Linear into a plain function that takes a jax.grad of it (reading only), and the fori_loop body calls the partial
"""Gradient descent on the input of an energy model: a partial of a plain function taking
jax.grad of the model's energy gives the input gradient, and jax.lax.fori_loop takes three
steps with it."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def energy_grad(model, x):
    return jax.grad(lambda v: jnp.sum(model(v)))(x)


def descend(model, x0, steps):
    input_grad = functools.partial(energy_grad, model)

    def body(i, x):
        return x - 0.1 * input_grad(x)

    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    out = descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
    jax.tree.map(lambda a: a + 0, out)
