# label: ok
# flax-error: none
# class: 5 functools.partial binds the graphdef to a step that merges model and optimizer from the scan carry and calls the @nnx.jit train step
"""An @nnx.jit train step reused from the Python loop, now driven by a raw jax.lax.scan.

Model and optimizer are split before the loop; the partial binds only the graphdef, and the
body merges the carried state, calls the jitted step and returns the new state.
"""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.head = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.conv(x))
        return self.head(x.mean(axis=(1, 2)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def carried_step(graphdef, state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss = train_step(model, optimizer, x, y)
    return nnx.state((model, optimizer)), loss


def main():
    model = ConvNet(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 8, 8, 1))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 10)
    graphdef, state = nnx.split((model, optimizer))
    step = functools.partial(carried_step, graphdef)

    def body(state, batch):
        return step(state, *batch)

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
