# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit train step called from a raw lax.scan body on the closed-over model and optimizer
"""'Can I call my Flax module inside lax.scan?' (NNX): the user keeps the tutorial's
@nnx.jit train_step and simply calls it from a jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jnp.ones((10, 16, 3))
    ys = jnp.ones((10, 16, 1))

    def body(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = scan(body, None, (xs, ys))
    print(losses)
    return None
