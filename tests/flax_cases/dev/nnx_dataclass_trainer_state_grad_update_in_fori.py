# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 3 a dataclass TrainState holds the model and optimizer; the fori_loop body hands it to accumulate(), which runs nnx.grad on state.model and state.optimizer.update
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass
class TrainState:
    model: nnx.Module
    optimizer: nnx.Optimizer


def mse(model, x, y):
    return ((model(x)[:, 0] - y) ** 2).mean()


def accumulate(state, x, y):
    grads = nnx.grad(mse)(state.model, x, y)
    state.optimizer.update(state.model, grads)


def run_epoch(state, xs, ys):
    def body(i, count):
        accumulate(state, xs[i], ys[i])
        return count + 1
    return jax.lax.fori_loop(0, xs.shape[0], body, 0)


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    state = TrainState(model=model, optimizer=nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    run_epoch(state, xs, xs.sum(-1))
    return None
