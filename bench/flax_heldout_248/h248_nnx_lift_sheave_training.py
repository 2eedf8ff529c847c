# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 2 the model and optimizer parameters of train_epoch go into the scan body directly and are handed to train_step, which differentiates and updates them
"""Sheave liner wear regression for ski-lift towers; train and eval loops as plain functions."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LinerWear(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 6, rngs=rngs)
        self.head = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.hidden(x))).squeeze(-1)


def loss_fn(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    optimizer.update(model, grads)
    return loss


def train_epoch(model, optimizer, batches):
    def body(carry, batch):
        return carry, train_step(model, optimizer, batch)

    _, losses = jax.lax.scan(body, None, batches)
    return losses


def evaluate(model, batch):
    return loss_fn(model, batch)


def tower_survey(batches=4, size=5, features=3, seed=3):
    x = jax.random.uniform(jax.random.key(seed), (batches, size, features))
    y = x.sum(axis=-1) * 0.3
    return x, y


def main():
    xs, ys = tower_survey()
    model = LinerWear(3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    losses = train_epoch(model, optimizer, (xs, ys))
    jax.block_until_ready((losses, evaluate(model, (xs[0], ys[0]))))
    return None
