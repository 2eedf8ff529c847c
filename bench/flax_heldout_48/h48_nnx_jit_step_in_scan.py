# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an @nnx.jit train step is called inside a raw lax.scan body with the model and optimizer created outside the scan
"""Reusing the tutorial's @nnx.jit train_step and wrapping the epoch in lax.scan to avoid Python overhead."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.ones((4, 8, 1))

    def epoch_body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = lax.scan(epoch_body, None, (xs, ys))
    losses.block_until_ready()
    return None
