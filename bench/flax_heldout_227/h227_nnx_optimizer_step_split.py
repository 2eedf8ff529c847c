# label: ok
# flax-error: none
# class: 2 the model and the nnx.Optimizer are locals of fit, split together before the scan; their state is carried, merged in the body and written back after
"""Regression training with an NNX model and nnx.Optimizer, epoch written as a raw lax.scan.

Twin of h227_nnx_optimizer_step: (model, optimizer) are split once before the loop, the state
travels in the scan carry, the body merges it, runs value_and_grad and optimizer.update on the
merged objects and returns their new state, and nnx.update writes it back after the loop.
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
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (10, 16, 3))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    model = MLP(3, 32, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    losses = fit(model, optimizer, xs, ys)
    jax.block_until_ready(losses)
