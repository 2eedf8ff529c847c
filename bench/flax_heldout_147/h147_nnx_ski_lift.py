# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 12 (48 B)
# class: 4 LiftTrainer holds a TrainContext dataclass with the model and its nnx.Optimizer; the scan body takes nnx.value_and_grad of self.ctx.model and calls self.ctx.optimizer.update(...) on the objects from outside the loop
"""Ski resort operations: online fitting of a lift-queue wait-time regressor."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WaitNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.silu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainContext:
    model: WaitNet
    optimizer: nnx.Optimizer


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class LiftTrainer:
    def __init__(self, ctx: TrainContext):
        self.ctx = ctx

    def fit(self, features, waits):  # [steps, batch, 4], [steps, batch]
        def body(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.ctx.model, x, y)
            self.ctx.optimizer.update(self.ctx.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (features, waits))
        return losses


def main():
    model = WaitNet(nnx.Rngs(0))
    ctx = TrainContext(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    features = jnp.cos(jnp.arange(6 * 8 * 4, dtype=jnp.float32)).reshape(6, 8, 4)
    waits = features.sum(-1) * 3.0
    losses = LiftTrainer(ctx).fit(features, waits)
    _ = float(losses[-1])
    return None
