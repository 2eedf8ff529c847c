# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step returns an nnx.jit step function bound to model and optimizer by a callback system; an outer raw lax.while_loop body calls the step on the outer objects
"""Training loop with step callbacks; the outer loop is a raw while_loop around an nnx.jit step."""
from typing import Callable, List

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.a = nnx.Linear(3, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.relu(self.a(x)))


def make_train_step(loss_scale: float = 1.0) -> Callable:
    @nnx.jit
    def train_step(model, optimizer, x, y):
        def loss_fn(m):
            return loss_scale * jnp.mean((m(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    return train_step


class Callbacks:
    def __init__(self):
        self.hooks: List[Callable] = []

    def on_step(self, loss):
        for hook in self.hooks:
            loss = hook(loss)
        return loss


def train_until(model, optimizer, x, y, tol=1e-3, max_steps=20):
    step = make_train_step()
    callbacks = Callbacks()
    callbacks.hooks.append(lambda l: jnp.where(jnp.isfinite(l), l, 0.0))

    def cond(c):
        i, loss = c
        return (i < max_steps) & (loss > tol)

    def body(c):
        i, _ = c
        loss = callbacks.on_step(step(model, optimizer, x, y))
        return i + 1, loss

    return lax.while_loop(cond, body, (jnp.int32(0), jnp.array(jnp.inf, jnp.float32)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    y = x.sum(-1, keepdims=True)
    print(train_until(model, optimizer, x, y))
    return None
