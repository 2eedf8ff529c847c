# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @nnx.jit-wrapped train_step is called in the fori_loop body with the model and optimizer closed over from main
"""Calling an nnx.jit train step from inside a raw fori_loop.

The training step is the standard NNX pattern: @nnx.jit, value_and_grad and
optimizer.update. The user wraps the whole epoch in lax.fori_loop to keep it
on device and calls the jitted step in the body.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, labels):
    def loss_fn(m):
        logits = m(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    kx = jax.random.key(0)
    xs = jax.random.normal(kx, (10, 16, 2))
    labels = (xs[..., 0] > 0).astype(jnp.int32) + (xs[..., 1] > 1).astype(jnp.int32)
    model = Classifier(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1, momentum=0.9), wrt=nnx.Param)

    def epoch_body(i, loss):
        return train_step(model, optimizer, xs[i], labels[i])

    last = lax.fori_loop(0, xs.shape[0], epoch_body, jnp.zeros(()))
    print("last loss", last)
    return None
