# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 the model and the nnx.Optimizer are locals of fit closed over by the scan body, which takes gradients of the model and calls optimizer.update on them
"""Regression training with an NNX model and nnx.Optimizer, epoch written as a raw lax.scan.

Modelled on the most common NNX report: the tutorial's train_step (nnx.value_and_grad plus
optimizer.update) is moved into a jax.lax.scan body to avoid a Python loop, with the model and the
optimizer captured from the enclosing function.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class MLP(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def fit(model, optimizer, xs, ys):
    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = scan(train_step, None, (xs, ys))
    return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (10, 16, 3))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    model = MLP(3, 32, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    losses = fit(model, optimizer, xs, ys)
    jax.block_until_ready(losses)
