# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body calls Trainer.train_step, which reaches self.model and self.optimizer of the trainer
"""A whole training epoch as one jax.lax.scan over batches, with an NNX model and optimizer.

Modelled on NNX reports where a Trainer's `train_step` (written for eager use) is called from
a raw scan body to speed up the epoch.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def loss_fn(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        loss, grads = nnx.value_and_grad(loss_fn)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def epoch(self, xs, ys):
        def body(carry, batch):
            return carry, self.train_step(batch)

        _, losses = lax.scan(body, None, (xs, ys))
        return losses


def main():
    trainer = Trainer(MLP(nnx.Rngs(0)))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    losses = trainer.epoch(xs, ys)
    jax.block_until_ready(losses)
    return None
