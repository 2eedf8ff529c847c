# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 the scan body closes over the local model and optimizer and calls nnx.value_and_grad and optimizer.update on them
"""NNX training loop for a BatchNorm classifier written as a raw jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(10, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.bn(self.l1(x))))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 3)
    model = Classifier(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    losses.block_until_ready()
    return None
