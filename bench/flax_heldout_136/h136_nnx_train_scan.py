# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 the model and the nnx.Optimizer, locals of main(), are closed over by the scan body that updates them
"""A whole NNX training epoch inside lax.scan over batches, to avoid Python-loop overhead.

Modelled on discussions about an NNX training loop inside jax.lax.scan: the step function for
the Python loop (nnx.value_and_grad + optimizer.update) is called unchanged from a raw scan body
on the model and optimizer from the enclosing function.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 16, 4))
    ys = xs.sum(-1, keepdims=True)

    def body(carry, batch):
        x, y = batch
        return carry, train_step(model, optimizer, x, y)

    _, losses = lax.scan(body, None, (xs, ys))
    losses.block_until_ready()
    return None
