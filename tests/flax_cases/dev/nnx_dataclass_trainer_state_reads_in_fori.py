# label: ok
# flax-error: none
# class: 3 a dataclass TrainState holds the model and optimizer; the fori_loop body hands it to score(), which only calls state.model
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass
class TrainState:
    model: nnx.Module
    optimizer: nnx.Optimizer


def score(state, x, y):
    return ((state.model(x)[:, 0] - y) ** 2).mean()


def run_epoch(state, xs, ys):
    def body(i, total):
        return total + score(state, xs[i], ys[i])
    return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    state = TrainState(model=model, optimizer=nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param))
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    print(float(run_epoch(state, xs, xs.sum(-1))))
    return None
