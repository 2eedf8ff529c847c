# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx.jit train_step is called inside the raw scan body on the model and optimizer closed over from the enclosing function
"""The NNX MNIST-tutorial train_step, with the Python epoch loop replaced by a scan over stacked batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class CNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.linear = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.linear(x.mean(axis=(1, 2)))


def loss_fn(model, images, labels):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.jit
def train_step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
    optimizer.update(model, grads)
    return loss


def train_epoch(model, optimizer, images, labels):
    def one_batch(carry, batch):
        loss = train_step(model, optimizer, *batch)
        return carry, loss

    _, losses = scan(one_batch, None, (images, labels))
    return losses


def main():
    model = CNN(rngs=nnx.Rngs(0))
    model.train()
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    images = jax.random.normal(jax.random.PRNGKey(0), (4, 8, 12, 12, 1))
    labels = jax.random.randint(jax.random.PRNGKey(1), (4, 8), 0, 10)
    losses = train_epoch(model, optimizer, images, labels)
    losses.block_until_ready()
    return None
