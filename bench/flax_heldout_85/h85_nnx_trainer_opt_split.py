# label: ok
# flax-error: none
# class: 2 the Trainer splits (model, optimizer) with nnx.split, carries the state through jax.lax.scan, merges inside and nnx.update's after the loop
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

    @staticmethod
    def train_step(model, optimizer, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(mse)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def train_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.train_step(model, optimizer, batch)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = jax.lax.scan(body, (state, jnp.zeros(())), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]

    def fit(self, xs, ys):
        return [self.train_epoch(xs, ys) for _ in range(self.config.epochs)]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 8, 3))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    trainer = Trainer(MLP(3, 1, rngs=nnx.Rngs(0)), TrainConfig())
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
