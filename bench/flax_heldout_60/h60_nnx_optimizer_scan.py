# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 5 nnx.value_and_grad and nnx.Optimizer.update on a closed-over model inside a raw jax.lax.scan
"""A whole epoch as one lax.scan over batches, with the NNX train step written inline: the model
and the optimizer are closed over, as they would be in a Python for-loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs, ys = jnp.ones((6, 8, 4)), jnp.zeros((6, 8, 1))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def step(_, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return None, loss

    _, losses = jax.lax.scan(step, None, (xs, ys))
    print(losses)
    return None
