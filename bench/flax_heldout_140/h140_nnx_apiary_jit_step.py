# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_epoch_runner closes over the model, its nnx.Optimizer and an @nnx.jit train step wrapped by a log_calls decorator; the while_loop body passes them to that step
"""Beekeeping: hive-weight gain regression trained until the loss falls under a tolerance."""
import functools
import logging

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import while_loop

log = logging.getLogger("apiary.hive_weight")


class HiveWeightRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


def log_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        log.debug("step %s", fn.__name__)
        return fn(*args, **kwargs)

    return wrapper


@log_calls
@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


def make_epoch_runner(step_fn, model, optimizer):
    def run(xs, ys, tolerance):
        def keep_training(state):
            i, loss = state
            return (i < xs.shape[0]) & (loss > tolerance)

        def body(state):
            i, _ = state
            return i + 1, step_fn(model, optimizer, xs[i], ys[i])

        return while_loop(keep_training, body, (jnp.int32(0), jnp.float32(jnp.inf)))

    return run


def main():
    model = HiveWeightRegressor(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.uniform(jax.random.key(4), (10, 16, 4))
    ys = xs @ jnp.array([0.5, -0.2, 0.1, 0.3])
    run = make_epoch_runner(train_step, model, optimizer)
    run(xs, ys, tolerance=1e-3)
    return None
