# label: ok
# flax-error: none
# class: 3 an abstract NNX trainer splits (model, optimizer) with nnx.split, carries the state through the raw lax.scan, merges in the body and nnx.update()s afterwards
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

    def train_epoch(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.compute_loss)(model, batch)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = jax.lax.scan(train_step, (jnp.zeros(()), state), batches)
        nnx.update((self.model, self.optimizer), state)
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
