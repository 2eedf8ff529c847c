# label: ok
# flax-error: none
# class: 4 a jitted train_epoch scans a step that merges (model, optimizer) from the carried state, runs nnx.value_and_grad and optimizer.update on the merged objects, and returns nnx.state
"""Whole training epoch as one jitted `jax.lax.scan`, with NNX state in the carry.

Modelled on the thread google/flax#4722 (training an NNX network with scan and jit) and the
split/merge recipe of the NNX functional API (google/flax#3573): `(graphdef, state)` of the
model and optimizer are split once, the step merges, updates and splits again.
"""
import functools

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


@functools.partial(jax.jit, static_argnums=0)
def train_epoch(graphdef, state, xs, ys):
    def step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(mse)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    return jax.lax.scan(step, state, (xs, ys))


def main():
    model = Regressor(3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    state, losses = train_epoch(graphdef, state, xs, ys)
    nnx.update((model, optimizer), state)
    state, losses = train_epoch(graphdef, state, xs, ys)
    losses.block_until_ready()
    return None
