# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the Trainer's nnx.Optimizer (and the model it wraps) are reached through self inside a raw jax.lax.scan body over batches
"""Trainer class that runs one epoch as a scan over pre-batched data."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)
        self.history = []

    @staticmethod
    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(self.loss_fn)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, xs, ys):
        def body(carry, batch):
            return carry, self.train_step(*batch)

        _, losses = jax.lax.scan(body, None, (xs, ys))
        self.history.append(losses.mean())
        return losses


def main():
    model = MLP(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer.train_epoch(xs, ys)
    return None
