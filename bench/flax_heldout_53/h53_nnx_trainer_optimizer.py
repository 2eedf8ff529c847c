# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 an abstract NNX trainer keeps model and nnx.Optimizer on self; the raw lax.scan body of train_epoch runs nnx.value_and_grad on self.model and self.optimizer.update
"""Abstract NNX trainer; subclasses provide compute_loss."""
import abc

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


class BaseTrainer(abc.ABC):
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    @abc.abstractmethod
    def compute_loss(self, model, batch):
        ...

    def train_step(self, carry, batch):
        loss, grads = nnx.value_and_grad(self.compute_loss)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return carry + loss, None

    def train_epoch(self, batches):
        total, _ = jax.lax.scan(self.train_step, jnp.zeros(()), batches)
        return total


class RegressionTrainer(BaseTrainer):
    def compute_loss(self, model, batch):
        x, y = batch
        return jnp.mean((model(x) - y) ** 2)


def main():
    model = MLP(3, 1, rngs=nnx.Rngs(0))
    trainer = RegressionTrainer(model, optax.adam(1e-3))
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    trainer.train_epoch((xs, ys))
    return None
