# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 5 functools.partial binds the NNX model and nnx.Optimizer into train_step, which the scan body calls
"""Train an NNX MLP with nnx.Optimizer, looping over batches with a raw jax.lax.scan instead of
a Python for loop to avoid dispatch overhead."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def train_step(model, optimizer, batch):
    x, y = batch

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (10, 16, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    step = partial(train_step, model, optimizer)

    def body(carry, batch):
        return carry, step(batch)

    _, losses = jax.lax.scan(body, None, (xs, ys))
    print(losses)
    return None
