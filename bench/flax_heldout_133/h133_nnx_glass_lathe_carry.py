# label: ok
# flax-error: none
# class: 4 a LatheTrainer keeps a TrainState holding the model and its nnx.Optimizer; both are nnx.split before the scan, merged in the body from the carry and written back with nnx.update
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WallThickness(nnx.Module):
    """Predicts the wall thickness of a tube drawn on a glass lathe."""

    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


@dataclass
class TrainState:
    model: WallThickness
    optimizer: nnx.Optimizer


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class LatheTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    def fit(self, xs, ys):
        graphdef, params = nnx.split((self.state.model, self.state.optimizer))

        def step(carry, batch):
            total, params = carry
            model, optimizer = nnx.merge(graphdef, params)
            loss, grads = nnx.value_and_grad(mse)(model, batch)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, params), _ = jax.lax.scan(step, (jnp.zeros(()), params), (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), params)
        return total


def main():
    model = WallThickness(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = LatheTrainer(TrainState(model, optimizer))
    xs = jnp.linspace(0.0, 1.0, 5 * 6 * 4).reshape(5, 6, 4)
    ys = xs.sum(-1, keepdims=True) * 0.1
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
