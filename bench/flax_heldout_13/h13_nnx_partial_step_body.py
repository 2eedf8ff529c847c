# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 functools.partial binds the outside model and nnx.Optimizer into the step function used as the raw fori_loop body
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, classes, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.LayerNorm(32, rngs=rngs)
        self.fc2 = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def xent(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def step_fn(model, optimizer, data, i, running):
    x, y = data[0][i], data[1][i]
    loss, grads = nnx.value_and_grad(xent)(model, x, y)
    optimizer.update(model, grads)
    return running + loss


def fit(model, optimizer, data, num_steps):
    body = functools.partial(step_fn, model, optimizer, data)
    return jax.lax.fori_loop(0, num_steps, body, jnp.float32(0.0)) / num_steps


def main():
    model = Classifier(4, 3, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=1e-4), wrt=nnx.Param)
    x = jax.random.normal(jax.random.key(1), (3, 8, 4))
    y = jax.random.randint(jax.random.key(2), (3, 8), 0, 3)
    fit(model, optimizer, (x, y), 3)
    return None
