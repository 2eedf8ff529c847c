# label: ok
# flax-error: none
# class: 3 the (model, optimizer) state is carried through the raw scan; the body merges it, calls the nnx.jit train_step and re-splits
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
    graphdef, state = nnx.split((model, optimizer))

    def one_batch(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, *batch)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = scan(one_batch, state, (images, labels))
    nnx.update((model, optimizer), state)
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
