# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 the Trainer's model and nnx.Optimizer are reached through self inside the jax.lax.scan body, which calls optimizer.update on them
"""Training framework: an NNX Trainer that scans an epoch of batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


@dataclasses.dataclass
class TrainConfig:
    learning_rate: float = 1e-2
    epochs: int = 2


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, config):
        self.model = model
        self.config = config
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, xs, ys):
        def body(carry, batch):
            loss = self.train_step(batch)
            return carry + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]

    def fit(self, xs, ys):
        return [self.train_epoch(xs, ys) for _ in range(self.config.epochs)]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 8, 3))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    trainer = Trainer(MLP(3, 1, rngs=nnx.Rngs(0)), TrainConfig())
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
