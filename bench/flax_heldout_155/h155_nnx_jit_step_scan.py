# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the model and optimizer to an @nnx.jit train step, which the scan body calls on each minibatch
"""Reusing a jitted NNX train step inside a raw lax.scan over minibatches.

Modelled on reports of the form "my nnx.jit train_step works in a Python loop, but fails as
soon as I put it in jax.lax.scan": the step is specialised with functools.partial and the
model and optimizer it holds come from outside the scan.
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(8, 32, rngs=rngs)
        self.out = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Classifier(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (5, 16, 8))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 3)
    step = partial(train_step, model, optimizer)

    def body(carry, batch):
        loss = step(*batch)
        return carry + loss, loss

    total, losses = scan(body, jnp.zeros(()), (xs, ys))
    print(total / 5, losses)
    return None
