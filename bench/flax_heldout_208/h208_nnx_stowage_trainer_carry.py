# label: ok
# flax-error: none
# class: 4 model and nnx.Optimizer kept on a TrainState held as StowageTrainer.state are nnx.split outside; their state is carried and merged in the body
"""Container-ship stowage: fits a lashing-load regressor on stacked bay snapshots, one batch per step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class LashingLoadNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(7, 24, rngs=rngs)  # tier, row, weight, height, roll angle, ...
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.body(x)))[..., 0]


@dataclass
class TrainState:
    model: LashingLoadNet
    optimizer: nnx.Optimizer


def lashing_loss(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class StowageTrainer:
    def __init__(self, learning_rate=1e-2, seed=0):
        model = LashingLoadNet(nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param))

    def fit(self, batches):
        graphdef, carried = nnx.split((self.state.model, self.state.optimizer))

        def train_step(carried, batch):
            model, optimizer = nnx.merge(graphdef, carried)
            loss, grads = nnx.value_and_grad(lashing_loss)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        carried, losses = scan(train_step, carried, batches)
        nnx.update((self.state.model, self.state.optimizer), carried)
        return losses


def main():
    x = jax.random.normal(jax.random.key(0), (6, 16, 7))
    y = x[..., 2] * 1.5 + x[..., 4] ** 2
    StowageTrainer().fit((x, y))
