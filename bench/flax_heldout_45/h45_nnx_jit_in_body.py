# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.jit train step called from the raw scan body on a model and optimizer closed over from outside
"""Epoch loop wrapped in lax.scan around an existing @nnx.jit train_step (from the NNX tutorial)."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))

    def epoch(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    jax.lax.scan(epoch, None, (xs, ys))
    return None
