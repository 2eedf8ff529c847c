# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an @nnx.jit train step is called from the raw scan body on the model and optimizer closed over from outside
"""Curriculum learning in NNX: the @nnx.jit train_step from the tutorial is called from a
jax.lax.scan over the difficulty schedule instead of a Python for-loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jnp.linspace(-1.0, 1.0, 16).reshape(8, 2)
    schedule = jnp.linspace(0.2, 1.0, 5)  # easy -> hard targets

    def step(carry, level):
        y = jnp.sin(3.0 * level * x.sum(-1, keepdims=True))
        return carry, train_step(model, optimizer, x, y)

    _, losses = jax.lax.scan(step, None, schedule)
    losses.block_until_ready()
    return None
