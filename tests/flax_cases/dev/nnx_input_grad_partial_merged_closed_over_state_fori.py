# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 3 the fori_loop body merges a model from graphdef and state split outside the loop and closed over, binds it into `functools.partial(nnx.grad(energy, argnums=1), inner)` and calls it
"""Gradient descent on the input of an energy model: the model is split before the
jax.lax.fori_loop, and each step merges it from the closed-over state and takes a step along
the input gradient from a partial of nnx.grad."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def energy(model, x):
    return jnp.sum(model(x))


def descend(model, x0, steps):
    graphdef, state = nnx.split(model)

    def body(i, x):
        inner = nnx.merge(graphdef, state)
        input_grad = functools.partial(nnx.grad(energy, argnums=1), inner)
        return x - 0.1 * input_grad(x)

    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    out = descend(nnx.Linear(4, 4, rngs=nnx.Rngs(0)), jnp.ones((2, 4)), 3)
    jax.tree.map(lambda a: a + 0, out)
