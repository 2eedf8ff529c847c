# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the Trainer keeps the model and an nnx.Optimizer on self; the scan body calls nnx.value_and_grad on self.model and self.optimizer.update
"""NNX trainer that compiles a whole epoch into a single raw `jax.lax.scan`.

The model and optimizer are attributes of the Trainer; `train_epoch` scans a step over
pre-batched data to avoid Python-loop dispatch overhead.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


@dataclasses.dataclass
class TrainConfig:
    lr: float = 1e-2
    hidden: int = 16
    seed: int = 0


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, cfg: TrainConfig, din: int):
        self.cfg = cfg
        self.model = Regressor(din, cfg.hidden, rngs=nnx.Rngs(cfg.seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(cfg.lr), wrt=nnx.Param)

    def train_epoch(self, data):
        self.model.train()
        def step(carry, batch):
            loss, grads = nnx.value_and_grad(mse)(self.model, batch)
            self.optimizer.update(self.model, grads)
            return carry + loss, loss

        total, losses = jax.lax.scan(step, 0.0, data)
        return total / losses.shape[0]


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (5, 8, 3))
    y = x.sum(-1, keepdims=True)
    trainer = Trainer(TrainConfig(), din=3)
    trainer.train_epoch((x, y)).block_until_ready()
    return None
