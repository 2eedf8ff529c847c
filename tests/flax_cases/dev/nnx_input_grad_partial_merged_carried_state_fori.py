# label: ok
# flax-error: none
# class: 3 the fori_loop body merges a model from graphdef and state it carries in the loop value, binds it into `functools.partial(nnx.grad(energy, argnums=1), inner)` and calls it
"""Gradient descent on the input of an energy model: the model is split before the
jax.lax.fori_loop, its state is carried in the loop value, and each step merges it and takes a
step along the input gradient from a partial of nnx.grad."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def energy(model, x):
    return jnp.sum(model(x))


def descend(model, x0, steps):
    graphdef, state = nnx.split(model)

    def body(i, carry):
        x, state = carry
        inner = nnx.merge(graphdef, state)
        input_grad = functools.partial(nnx.grad(energy, argnums=1), inner)
        return x - 0.1 * input_grad(x), state

    return jax.lax.fori_loop(0, steps, body, (x0, state))[0]


def main():
    out = descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
    jax.tree.map(lambda a: a + 0, out)
