# label: ok
# flax-error: none
# class: 4 a RinkTrainer splits the model and nnx.Optimizer of its TrainState before the scan, carries their state, merges them in the body and writes back with nnx.update
"""Ice rink resurfacing planner: fits an ice-thickness model to a day of sensor sweeps."""
import dataclasses

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax
from jax import lax


class ThicknessModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: ThicknessModel
    optimizer: nnx.Optimizer


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class RinkTrainer:
    def __init__(self, lr=1e-2, seed=0):
        model = ThicknessModel(nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param))

    def fit_day(self, sweeps, targets):
        graphdef, state = nnx.split((self.state.model, self.state.optimizer))

        def sweep_step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(sweep_step, state, (sweeps, targets))
        nnx.update((self.state.model, self.state.optimizer), state)
        return losses


def main():
    trainer = RinkTrainer()
    sweeps = jax.random.normal(jax.random.key(0), (8, 32, 5))
    targets = 3.0 + sweeps[..., 0] * 0.2
    trainer.fit_day(sweeps, targets)
    return None
