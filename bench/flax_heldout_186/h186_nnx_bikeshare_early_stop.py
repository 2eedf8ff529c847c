# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step(model, optimizer) returns functools.partial of an @nnx.jit step bound to the outer model and optimizer; the jax.lax.while_loop body (early stopping) calls it
"""Bike-share dock demand forecasting. Training stops early once the loss improvement falls below
a threshold; the stop rule is expressed as a while_loop so the whole fit stays on device."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.tanh(self.trunk(x))))[:, 0]


@nnx.jit
def _train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def make_train_step(model, optimizer):
    return functools.partial(_train_step, model, optimizer)


@dataclass(frozen=True)
class EarlyStopping:
    min_delta: float = 1e-4
    max_steps: int = 20


def fit_until_plateau(step_fn, x, y, rule: EarlyStopping):
    def cond(state):
        step, prev, loss = state
        return jnp.logical_and(step < rule.max_steps, prev - loss > rule.min_delta)

    def body(state):
        step, _, loss = state
        return step + 1, loss, step_fn(x, y)

    return jax.lax.while_loop(cond, body, (0, jnp.inf, jnp.asarray(1e9)))


def main():
    x = jax.random.normal(jax.random.key(0), (64, 5))
    y = jnp.exp(0.3 * x[:, 0]) + 0.1 * x[:, 1] ** 2
    model = DemandModel(5, nnx.Rngs(3))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    steps, _, loss = fit_until_plateau(make_train_step(model, optimizer), x, y, EarlyStopping())
    loss.block_until_ready()
    return None
