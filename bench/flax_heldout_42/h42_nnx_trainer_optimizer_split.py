# label: ok
# flax-error: none
# class: 3 the Trainer keeps the model and an nnx.Optimizer on self; it splits both before the scan, the body merges them from the carried state and returns nnx.state, and nnx.update writes the result back
"""NNX trainer that compiles a whole epoch into a single raw `jax.lax.scan`.

The model and optimizer are attributes of the Trainer; `train_epoch` splits them into a
graphdef and a state pytree, scans a functional step over pre-batched data and writes the
final state back with `nnx.update`.
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, data)
        nnx.update((self.model, self.optimizer), state)
        return losses.mean()


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (5, 8, 3))
    y = x.sum(-1, keepdims=True)
    trainer = Trainer(TrainConfig(), din=3)
    trainer.train_epoch((x, y)).block_until_ready()
    return None
