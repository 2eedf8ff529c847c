# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 functools.partial(sgd_on, model, ...) as the fori_loop body: nnx.grad and nnx.update of the outside model
"""Reptile (NNX): the inner SGD loop on one task takes nnx.grad of the model in a raw fori_loop."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def task_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def sgd_on(model, x, y, lr, i, carry):
    grads = nnx.grad(task_loss)(model, x, y)
    params = nnx.state(model, nnx.Param)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return carry


def reptile_task(model, x, y, inner_steps=4, lr=0.02):
    body = partial(sgd_on, model, x, y, lr)
    fori_loop(0, inner_steps, body, 0)


def main():
    model = Regressor(nnx.Rngs(0))
    x = jnp.linspace(-2, 2, 16)[:, None]
    reptile_task(model, x, jnp.sin(x))
    return None
