# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @nnx.jit train_step called inside the fori_loop body on the model and optimizer closed over from outside the loop
"""The tutorial's @nnx.jit train_step, called from jax.lax.fori_loop to run
several epochs on one batch without going back to Python."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (16, 5))
    y = x.sum(-1, keepdims=True)

    def body(i, total):
        return total + train_step(model, optimizer, x, y)

    total = jax.lax.fori_loop(0, 5, body, 0.0)
    total.block_until_ready()
    return None
