# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit train_step is called inside the raw scan body on a model and optimizer closed over from outside
"""Reusing the tutorial's @nnx.jit train_step inside jax.lax.scan to remove the Python epoch loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.tanh(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))

    def epoch(carry, batch):
        return carry, train_step(model, optimizer, *batch)

    _, losses = jax.lax.scan(epoch, None, (xs, ys))
    losses.block_until_ready()
    return None
