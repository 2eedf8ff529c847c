# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 a scan step function calls nnx.value_and_grad on the captured model and optimizer.update on the captured optimizer
"""Whole training epoch as one `jax.lax.scan` over mini-batches, NNX model and optimizer.

Modelled on the thread google/flax#4722 (training an NNX network with scan and jit) and
google/flax#4695 (`nnx.Optimizer.update` inside a jitted function): the step function closes
over the model and the optimizer and the batches are scanned.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_epoch(model, optimizer, xs, ys):
    def step(total, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(mse)(model, x, y)
        optimizer.update(model, grads)
        return total + loss, loss

    return jax.lax.scan(step, jnp.zeros(()), (xs, ys))


def main():
    model = Regressor(3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    total, losses = train_epoch(model, optimizer, xs, ys)
    losses.block_until_ready()
    return None
