# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 model and nnx.Optimizer closed over by a raw jax.lax.scan body calling nnx.value_and_grad and optimizer.update
"""NNX MNIST-style tutorial train loop converted to lax.scan over a stack of batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs = jnp.ones((5, 4, 8))
    ys = jnp.zeros((5, 4), jnp.int32)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    return None
