# label: ok
# flax-error: none
# class: 2 the local `model` and `optimizer` are nnx.split into the scan carry, merged in the body, and nnx.update'd after the loop
"""Regression with an nnx.Optimizer, the epoch loop written as jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from jax.lax import scan
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = MLP(3, 32, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (20, 16, 3))
    ys = jnp.sum(xs ** 2, -1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = scan(train_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    print(losses[0], losses[-1])
    return None
