# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the model and optimizer to an @nnx.jit train step; the scan body calls the partial
"""An @nnx.jit train step reused from the Python loop, now driven by a raw jax.lax.scan.

Modelled on the kind of report about calling an nnx.jit step from inside lax.scan: the user
binds model and optimizer with functools.partial and calls the jitted step from the body.
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


def main():
    model = ConvNet(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 8, 8, 1))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 10)
    step = functools.partial(train_step, model, optimizer)

    def body(carry, batch):
        return carry, step(*batch)

    _, losses = jax.lax.scan(body, None, (xs, ys))
    losses.block_until_ready()
    return None
