# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step() returns an nnx.jit step; PressScheduler's jax.lax.scan body calls it with self.model and self.optimizer captured from outside the loop
"""Olive mill press scheduling: adapts the oil-yield model on each malaxation
batch of the day before the scheduler assigns presses."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class YieldModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(features, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, batch):
        return nnx.sigmoid(self.l2(nnx.relu(self.l1(batch))))[..., 0]


def make_train_step(loss_scale=1.0):
    @nnx.jit
    def train_step(model, optimizer, features, target):
        def loss_fn(m):
            return loss_scale * jnp.mean((m(features) - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    return train_step


class PressScheduler:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.train_step = make_train_step()

    def adapt(self, features, targets):
        def body(carry, batch):
            loss = self.train_step(self.model, self.optimizer, *batch)
            return carry + loss, loss

        total, _ = jax.lax.scan(body, jnp.zeros(()), (features, targets))
        return total


def main():
    model = YieldModel(5, rngs=nnx.Rngs(0))
    features = jax.random.normal(jax.random.key(1), (4, 8, 5))
    targets = jax.random.uniform(jax.random.key(2), (4, 8), minval=0.1, maxval=0.25)
    PressScheduler(model, optax.sgd(0.05)).adapt(features, targets)
    return None
