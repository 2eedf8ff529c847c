# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 a RinkTrainer reaches model and nnx.Optimizer through its TrainState and runs nnx.value_and_grad and optimizer.update on them in the scan body
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
        def sweep_step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return carry, loss

        _, losses = lax.scan(sweep_step, None, (sweeps, targets))
        return losses


def main():
    trainer = RinkTrainer()
    sweeps = jax.random.normal(jax.random.key(0), (8, 32, 5))
    targets = 3.0 + sweeps[..., 0] * 0.2
    trainer.fit_day(sweeps, targets)
    return None
