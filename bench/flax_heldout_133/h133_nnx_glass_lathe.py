# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 a LatheTrainer keeps a TrainState holding the model and its nnx.Optimizer; the scan body calls nnx.value_and_grad on self.state.model and self.state.optimizer.update
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
        def step(total, batch):
            loss, grads = nnx.value_and_grad(mse)(self.state.model, batch)
            self.state.optimizer.update(self.state.model, grads)
            return total + loss, None

        total, _ = jax.lax.scan(step, jnp.zeros(()), (xs, ys))
        return total


def main():
    model = WallThickness(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = LatheTrainer(TrainState(model, optimizer))
    xs = jnp.linspace(0.0, 1.0, 5 * 6 * 4).reshape(5, 6, 4)
    ys = xs.sum(-1, keepdims=True) * 0.1
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
