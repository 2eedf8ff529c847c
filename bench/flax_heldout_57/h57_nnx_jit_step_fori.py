# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.jit train step is called from the fori_loop body with the model and optimizer closed over
"""Wrapping an existing @nnx.jit train step in jax.lax.fori_loop to run several steps per
host call; the model and optimizer objects are captured from the enclosing scope."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (16, 4))
    y = x @ jnp.array([[1.0], [-2.0], [0.5], [0.0]])

    def body(i, total):
        return total + train_step(model, optimizer, x, y)

    total = lax.fori_loop(0, 10, body, 0.0)
    total.block_until_ready()
    return None
