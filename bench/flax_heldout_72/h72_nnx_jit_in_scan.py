# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 @nnx.jit train_step called from a raw jax.lax.scan body with the outer model and optimizer closed over
"""Reusing the tutorial's @nnx.jit train_step inside a lax.scan over epochs of batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Sequential(nnx.Linear(3, 16, rngs=rngs), nnx.relu, nnx.Linear(16, 1, rngs=rngs))

    def __call__(self, x):
        return self.net(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    xs = jnp.ones((6, 4, 3))
    ys = jnp.ones((6, 4, 1))

    def body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = jax.lax.scan(body, None, (xs, ys))
    return None
