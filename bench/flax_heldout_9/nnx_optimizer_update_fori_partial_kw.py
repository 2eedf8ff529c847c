# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 functools.partial binds the model and optimizer by keyword; the body calls optimizer.update inside a raw fori_loop
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


def train_step(i, loss_acc, *, model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss_acc + loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    x = jnp.ones((8, 3))
    y = jnp.zeros((8, 1))
    body = partial(train_step, model=model, optimizer=optimizer, x=x, y=y)
    total = fori_loop(0, 4, body, 0.0)
    total.block_until_ready()
    return None
