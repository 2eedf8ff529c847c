# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the scan body takes nnx.value_and_grad of trainer.model and calls trainer.optimizer.update, both attributes of one Trainer
"""Running several optimisation steps of an NNX regression model inside a raw lax.scan.

Shape of the reports: a training epoch is written as `jax.lax.scan` over batches to avoid
Python overhead, with `nnx.value_and_grad` and `optimizer.update` on the model and optimizer
held by a small Trainer object.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class Trainer:
    def __init__(self, seed=0):
        self.model = MLP(nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-2), wrt=nnx.Param)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_epoch(trainer, xs, ys):
    def body(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(trainer.model, x, y)
        trainer.optimizer.update(trainer.model, grads)
        return carry, loss

    _, losses = scan(body, None, (xs, ys))
    return losses


def main():
    trainer = Trainer()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    losses = train_epoch(trainer, xs, ys)
    print(losses)
    return None
